import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { downloadCommand, parseLanguages, planModels } from './plan.ts';
import { writeTinyPiper, writeTinyWhisper } from '../../../voice/neural/testing/tiny-speech.ts';
import { writeTinyModels } from './testing/tiny-models.ts';

const run = promisify(execFile);
const dir = mkdtempSync(path.join(tmpdir(), 'parley-models-cli-'));
writeTinyModels(dir);
writeTinyWhisper(dir, { folder: 'whisper-tiny', languages: ['en', 'es', 'ja'] });
writeTinyPiper(path.join(dir, 'piper', 'de', 'de_DE', 'tiny', 'low'), { name: 'de_DE-tiny-low', language: 'de_DE', espeakVoice: 'de' });
mkdirSync(path.join(dir, 'whisper-empty'));
writeFileSync(path.join(dir, 'whisper-empty', 'config.json'), JSON.stringify({ model_type: 'whisper' }));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const cli = (...args: string[]) => run(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, '../../../ops/models-cli.ts'), ...args], { env: { ...process.env, MODELS_DIR: dir } });

describe('npm run models', () => {
  it('list: each model, its kind, size and languages, the directions served and what is not used', async () => {
    const { stdout } = await cli('list');
    expect(stdout).toContain(`Models in ${dir}:`);
    expect(stdout).toMatch(/opus-mt-en-es\s+per-pair\s+[\d.]+ MB\s+English -> Spanish/);
    expect(stdout).toMatch(/nllb-200-tiny\s+many-to-many\s+[\d.]+ MB\s+3 languages \(en, de, ja\)/);
    expect(stdout).toMatch(/whisper-tiny\s+recogniser\s+[\d.]+ MB\s+Whisper: hears 3 languages \(en, es, ja\)/);
    expect(stdout).toMatch(/de_DE-tiny-low\s+voice\s+[\d.]+ MB\s+Piper: speaks German \(22050 Hz\)/);
    expect(stdout).toMatch(/whisper-empty\s+unusable\s+not used: Whisper without onnx/);
    expect(stdout).toContain('Speech recognition (Whisper): English, Spanish, Japanese; PocketSphinx hears English where Whisper does not.');
    expect(stdout).toContain('Voices (Piper): German; espeak-ng speaks the other languages.');
    expect(stdout).toContain('Translation: 9 directions by a model, 7 more through English (of 380)');
  });

  it('plan: per-pair OPUS-MT models where published, NLLB-200 for the rest, with sizes and the download commands', async () => {
    const plan = planModels(['en', 'de', 'ja']);
    expect(plan.models.map((m) => m.repo)).toEqual(['Xenova/opus-mt-en-de', 'Xenova/opus-mt-de-en', 'Xenova/opus-mt-ja-en', 'Xenova/nllb-200-distilled-600M']);
    expect(plan.needsManyToMany).toEqual(['ja']);
    expect(planModels(['es', 'fr']).models.map((m) => m.folder)).toEqual(['opus-mt-en-es', 'opus-mt-es-en', 'opus-mt-en-fr', 'opus-mt-fr-en']);
    expect(planModels(['ja'], { perPairOnly: true }).models.map((m) => m.folder)).toEqual(['opus-mt-ja-en']);
    expect(downloadCommand(plan.models[0]!)).toBe(
      "huggingface-cli download Xenova/opus-mt-en-de --include '*.json' 'onnx/encoder_model_quantized.onnx' 'onnx/decoder_model_quantized.onnx' 'onnx/decoder_with_past_model_quantized.onnx' --local-dir models/opus-mt-en-de",
    );
    expect(parseLanguages(['Japanese,de', 'klingon'])).toEqual({ languages: ['ja', 'de'], unknown: ['klingon'] });
    expect(parseLanguages([]).languages).toHaveLength(20);
    const { stdout } = await cli('plan', 'ja', 'de');
    expect(stdout).toMatch(/Xenova\/nllb-200-distilled-600M\s+~ 900 MB\s+CC-BY-NC 4.0/);
    expect(stdout).toContain('huggingface-cli download Xenova/opus-mt-ja-en');
    expect(stdout).toMatch(/onnx-community\/whisper-base\s+~ {2}80 MB\s+speech recognition in Japanese, German/);
    expect(stdout).toMatch(/de_DE-thorsten-medium\s+~ {2}63 MB\s+German voice/);
    expect(stdout).toContain('No Piper voice is published for Japanese: espeak-ng is used instead.');
    expect(stdout).toContain('huggingface-cli download rhasspy/piper-voices de/de_DE/thorsten/medium/de_DE-thorsten-medium.onnx de/de_DE/thorsten/medium/de_DE-thorsten-medium.onnx.json --local-dir models/piper');
    expect(stdout.indexOf('Speech (about')).toBeLessThan(stdout.indexOf('then copy the models/ folder'));
    const bad = await cli('plan', 'klingon').catch((e: { code: number; stderr: string }) => e);
    expect(bad).toMatchObject({ code: 2, stderr: expect.stringContaining('Unknown language: klingon') });
  });
});
