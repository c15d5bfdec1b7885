/**
 * `npm run models -- list [--dir DIR]`: what a models folder holds and what it serves (translation,
 * speech recognition, voices).
 * `npm run models -- plan [languages...]`: which public models to download for those languages, with
 * sizes and the command to run on a connected machine (nothing is downloaded).
 */
import { parseArgs } from 'node:util';
import { LANGUAGE_CODES } from '@parley/common';
import { loadConfig } from '../config.ts';
import { discoverModels } from '../translation/engines/neural/catalog.ts';
import { formatList } from '../translation/engines/neural/listing.ts';
import { formatPlan, parseLanguages, planModels } from '../translation/engines/neural/plan.ts';
import { discoverSpeech } from '../voice/neural/catalog.ts';
import { formatSpeechList } from '../voice/neural/listing.ts';
import { formatSpeechPlan, planSpeech } from '../voice/neural/plan.ts';

const USAGE = `Usage:
  npm run models -- list [--dir DIR]          what MODELS_DIR (or DIR) holds: directions, recognisers, voices
  npm run models -- plan [LANGUAGE...]        which public models and voices to download (default: the 20)
                         [--per-pair-only]    only OPUS-MT per-pair models (no non-commercial NLLB-200)`;

async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { dir: { type: 'string' }, 'per-pair-only': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } });
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const [command, ...rest] = parsed.positionals;
  if (parsed.values.help || !command) {
    console.log(USAGE);
    return command || parsed.values.help ? 0 : 2;
  }
  if (command === 'list') {
    const dir = parsed.values.dir ?? loadConfig(process.env).translation.neural.modelsDir;
    console.log(formatList(discoverModels(dir), formatSpeechList(discoverSpeech(dir))));
    return 0;
  }
  if (command === 'plan') {
    const { languages, unknown } = parseLanguages(rest);
    if (unknown.length) {
      console.error(`Unknown language: ${unknown.join(', ')} (use codes or names of the 20: ${LANGUAGE_CODES.join(', ')})`);
      return 2;
    }
    console.log(formatPlan(planModels(languages, { perPairOnly: parsed.values['per-pair-only'] }), formatSpeechPlan(planSpeech(languages))));
    return 0;
  }
  console.error(`Unknown command: ${command}\n\n${USAGE}`);
  return 2;
}

process.exitCode = await main(process.argv.slice(2));
