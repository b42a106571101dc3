import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The architecture's import rules (eslint.config.js, docs/architecture.md) must fire: each
 * case plants one import in a file of the real tree (linted as text, nothing written) and
 * expects import-x/no-restricted-paths to name it. The allowed imports beside them prove
 * the rules are not simply failing everything.
 */
const eslint = new ESLint({ cwd: import.meta.dirname });

async function boundaryErrors(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'import-x/no-restricted-paths')
    .map((message) => message.message);
}

const planted: Array<{ rule: string; file: string; source: string; says: string }> = [
  {
    rule: 'a patient feature imports another feature (relative path)',
    file: 'apps/patient/src/features/nurse-call/planted.ts',
    source: "export { ConsultingChatScreen } from '../consulting/consulting-chat-screen.tsx';\n",
    says: 'Features never import each other',
  },
  {
    rule: 'a staff feature imports another feature',
    file: 'apps/staff/src/features/inbox/planted.ts',
    source: "export * from '../chat-room/timeline.ts';\n",
    says: 'Features never import each other',
  },
  {
    rule: 'patient shared code (lib/) imports a feature',
    file: 'apps/patient/src/lib/planted.ts',
    source: "export * from '../features/consulting/chat-timeline.ts';\n",
    says: 'Shared code',
  },
  {
    rule: 'staff shared code (components/) imports a feature',
    file: 'apps/staff/src/components/ui/planted.ts',
    source: "export * from '../../features/inbox/sort-rooms.ts';\n",
    says: 'Shared code',
  },
  {
    rule: 'the patient app imports the staff console',
    file: 'apps/patient/src/lib/planted.ts',
    source: "export * from '../../../staff/src/features/inbox/sort-rooms.ts';\n",
    says: 'never import each other',
  },
  {
    rule: 'an app imports the server by path',
    file: 'apps/staff/src/lib/planted.ts',
    source: "export * from '../../../server/src/lib/errors.ts';\n",
    says: 'only through @smartcare/contract',
  },
  {
    rule: 'a server plugin imports a module',
    file: 'apps/server/src/plugins/auth/planted.ts',
    source: "export * from '../../modules/chat/chat.repository.ts';\n",
    says: 'Plugins never import modules',
  },
  {
    rule: 'server code imports the end-to-end tests',
    file: 'apps/server/src/testing/planted.ts',
    source: "export * from '../../../../e2e/support/server.ts';\n",
    says: 'end-to-end tests',
  },
  {
    rule: 'an app imports the benchmarks',
    file: 'apps/patient/src/lib/planted.ts',
    source: "export * from '../../../../bench/lib/results.ts';\n",
    says: 'benchmarks',
  },
  {
    rule: 'the contract imports an app',
    file: 'packages/contract/src/planted.ts',
    source: "export * from '../../../apps/server/src/lib/errors.ts';\n",
    says: 'The contract depends on nothing of ours',
  },
  // issue 11, server modules
  {
    rule: "a server module imports another module's repository",
    file: 'apps/server/src/modules/patient/planted.ts',
    source: "export * from '../hospital/hospital.repository.ts';\n",
    says: 'only through its service',
  },
  {
    rule: "a server module imports another module's routes",
    file: 'apps/server/src/modules/nurse-call/planted.ts',
    source: "export * from '../admission/admission.routes.ts';\n",
    says: 'only through its service',
  },
  // Client core (issue 11)
  {
    rule: 'the client core imports an app',
    file: 'packages/web-core/src/planted.ts',
    source: "export * from '../../../apps/patient/src/lib/session.ts';\n",
    says: 'The client core (web-core) imports no app',
  },
];

describe('import boundaries', () => {
  it.each(planted)('refuses: $rule', async ({ file, source, says }) => {
    const errors = await boundaryErrors(file, source);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(says);
  });

  it.each([
    [
      'a feature imports its own files',
      'apps/patient/src/features/nurse-call/planted.ts',
      "export * from './use-nurse-call-live.ts';\n",
    ],
    [
      'a feature imports shared code',
      'apps/patient/src/features/nurse-call/planted.ts',
      "export * from '../../lib/date-format.ts';\n",
    ],
    [
      'a plugin imports another plugin',
      'apps/server/src/plugins/auth/planted.ts',
      "export * from '../audit.plugin.ts';\n",
    ],
    // issue 11, server modules
    [
      "a server module imports another module's service",
      'apps/server/src/modules/patient/planted.ts',
      "export type { HospitalService } from '../hospital/hospital.service.ts';\n",
    ],
    [
      'a server module imports its own repository',
      'apps/server/src/modules/patient/planted.ts',
      "export * from './patient.repository.ts';\n",
    ],
  ])('allows: %s', async (_rule, file, source) => {
    expect(await boundaryErrors(file, source)).toEqual([]);
  });
});
