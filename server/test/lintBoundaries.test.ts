import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The folder boundaries of eslint.config.js, checked on imports written for the test (nothing is written to disk).
const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports' || m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

describe('server folder boundaries (lint)', () => {
  it("refuses an import of another feature's internals", async () => {
    const found = await problems('server/src/push/probe.ts', "import { listRooms } from '../chat/rooms.ts';\nexport const x = listRooms;\n");
    expect(found.join('\n')).toContain('push/ may use chat/ only through types.ts, messageSender.ts, membership.ts');
  });

  it('refuses an import that runs back up a layer, even of a public module', async () => {
    const found = await problems('server/src/safety/probe.ts', "import { sendMessage } from '../chat/messageSender.ts';\nexport const x = sendMessage;\n");
    expect(found.join('\n')).toContain('safety/ must not import chat/');
    const sideways = await problems('server/src/push/probe.ts', "import { voiceRoutes } from '../voice/index.ts';\nexport const x = voiceRoutes;\n");
    expect(sideways.join('\n')).toContain('push/ must not import voice/');
  });

  it('knows every folder: the newer ones are checked too', async () => {
    const found = await problems('server/src/chat/probe.ts', "import { adminRoutes } from '../admin/routes.ts';\nexport const x = adminRoutes;\n");
    expect(found.join('\n')).toContain('chat/ must not import admin/');
  });

  it("lets a feature use a lower one's public module, infrastructure, and a higher one's types", async () => {
    expect(await problems('server/src/push/probe.ts', "import { isUuid } from '../chat/membership.ts';\nimport { AppError } from '../http/errors.ts';\nexport const x = [isUuid, AppError];\n")).toEqual([]);
    expect(await problems('server/src/http/probe.ts', "import type { SessionStore } from '../auth/sessions.ts';\nexport type X = SessionStore;\n")).toEqual([]);
  });
});

describe('web feature boundaries (lint)', () => {
  it("refuses another feature's internal file; the public entry passes", async () => {
    const found = await problems('web/src/features/groups/probe.ts', "import { chatApi } from '../chat/chatApi.ts';\nexport const x = chatApi;\n");
    expect(found.join('\n')).toContain('groups/ may use chat/ only through its public entry ../chat/index.ts');
    expect(await problems('web/src/features/groups/probe.ts', "import { chatApi } from '../chat/index.ts';\nexport const x = chatApi;\n")).toEqual([]);
    expect(await problems('web/src/features/groups/deeper/probe.tsx', "import { chatApi } from '../../chat';\nexport const x = chatApi;\n")).toEqual([]);
  });

  it('refuses an import that runs back up a layer or sideways, even through the public entry', async () => {
    const up = await problems('web/src/features/chat/probe.ts', "import { GroupInfoDialog } from '../groups/index.ts';\nexport const x = GroupInfoDialog;\n");
    expect(up.join('\n')).toContain('chat/ must not import groups/');
    const sideways = await problems('web/src/features/groups/probe.ts', "import { UserSearchDialog } from '../search/index.ts';\nexport const x = UserSearchDialog;\n");
    expect(sideways.join('\n')).toContain('groups/ must not import search/');
  });

  it('holds a lazy import() to the same boundaries', async () => {
    const found = await problems('web/src/features/shell/probe.ts', "export const load = () => import('../talk/TalkTab.tsx');\n");
    expect(found.join('\n')).toContain('shell/ may use talk/ only through its public entry ../talk/index.ts (a lazy import too)');
    expect(await problems('web/src/features/shell/probe.ts', "export const load = () => import('../talk/index.ts');\n")).toEqual([]);
  });

  it('keeps lib/ and components/ free of features', async () => {
    const found = await problems('web/src/lib/probe.ts', "import { chatApi } from '../features/chat/index.ts';\nexport const x = chatApi;\n");
    expect(found.join('\n')).toContain('lib/ and components/ are shared');
  });
});
