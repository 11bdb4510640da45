/** `npm run paths` (scripts/paths.ts): the test plan it prints and the exit code of --check. */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadFlows, run } from '../../scripts/paths.ts';
import { models } from './models.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const fixtureMachines = fileURLToPath(new URL('./paths-cli/machines/', import.meta.url));

async function cli(...args: string[]) {
  const lines: string[] = [];
  const code = await run(args, (text) => lines.push(text));
  return { code, out: lines.join('\n') };
}

/** The real command, as a tester runs it. */
async function spawnCli(...args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/paths.ts', ...args], { cwd: root });
    return { code: 0, out: stdout };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string };
    return { code: failed.code ?? -1, out: failed.stdout ?? '' };
  }
}

describe('npm run paths -- <machine>', () => {
  it('prints shortest and simple paths as steps: in state X, send event Y, expect state Z', async () => {
    const { code, out } = await cli('sign-in');
    expect(code).toBe(0);
    expect(out).toContain('Test plan for signIn (machines/sign-in/sign-in.machine.ts)');
    expect(out).toMatch(/^Shortest paths: 15 \(one to each reachable state\)$/m);
    expect(out).toMatch(/^Simple paths: \d+ of 22 /m);
    expect(out).toContain('     start: expect editing');
    expect(out).toContain('     1. in editing, send SUBMIT {"email":"mei@example.com","password":"Oolong2024"}, expect submitting');
    expect(out).toContain('     2. in submitting, let userLogin answer {"ok":false,"code":"AccountDisabled"}, expect editing');
    expect(out).toContain('     2. in submitting, let userLogin fail (Error("network down")), expect failed');
    expect(out).toContain('signIn: ');
    expect(out).toMatch(/states 6\/6 \(100%\) · transitions 13\/13 \(100%\)/);
    expect(out).toContain('fixtures: machines/sign-in/sign-in.fixtures.ts');
  });

  it('names delays and parallel states in the steps', async () => {
    const { out } = await cli('signUp');
    expect(out).toContain(
      'in verifying.code.waiting + verifying.resend.cooldown, let the delay resendCooldown (30 s) pass, expect verifying.code.waiting + verifying.resend.canResend',
    );
    expect(out).toContain('[new account] ');
    expect(out).toContain('[verify existing e-mail] ');
  });

  it('refuses an unknown machine, listing the known ones', async () => {
    const { code, out } = await cli('teapot');
    expect(code).toBe(2);
    expect(out).toContain('no machine named teapot');
    expect(out).toContain('sign-up');
  });
});

describe('npm run paths -- --all --check', () => {
  it('finds every machine under machines/ and drives each with the fixtures of its test model', async () => {
    const flows = await loadFlows();
    const onDisk = readdirSync(path.join(root, 'machines'), { withFileTypes: true })
      .filter((d) => d.isDirectory() && existsSync(path.join(root, 'machines', d.name, `${d.name}.machine.ts`)))
      .map((d) => d.name);
    expect(flows.map((f) => f.flow).sort()).toEqual(onDisk.sort());
    // One set of fixtures per machine: what the tests replay is what the CLI and the atlas use.
    for (const flow of flows) {
      const model = models[flow.flow];
      if (!model) continue;
      expect(flow.model.machine, flow.flow).toBe(model.machine);
      expect(flow.model.events, flow.flow).toEqual(model.events);
      expect(flow.model.actors, flow.flow).toEqual(model.actors);
      expect(flow.generic, flow.flow).toEqual([]);
    }
  });

  it('exits 0 and prints each machine’s coverage when every state and transition is reached', { timeout: 180_000 }, async () => {
    const { code, out } = await cli('--all', '--check');
    expect(out).toMatch(/^all \d+ machines fully covered$/m);
    expect(code).toBe(0);
    for (const id of ['session', 'signIn', 'signUp', 'entryGate']) expect(out).toMatch(new RegExp(`^${id}: \\d+ paths · states (\\d+)/\\1 \\(100%\\) · transitions (\\d+)/\\2 \\(100%\\)$`, 'm'));
  });

  it('exits non-zero when a state or transition of a machine is not reached', { timeout: 60_000 }, async () => {
    const { code, out } = await spawnCli('--machines-dir', fixtureMachines, '--all', '--check');
    expect(code).toBe(1);
    expect(out).toContain('door: ');
    expect(out).toContain('  state not reached: door.haunted');
    expect(out).toContain('  transition not taken: door.open —LOCK [never]→ door.locked');
    // A machine without a fixtures file is driven with generic ones, and says so.
    expect(out).toMatch(/^kettle: \d+ paths · states 3\/3 \(100%\) · transitions 6\/6 \(100%\)$/m);
    expect(out).toContain('fixtures: generic fixtures; generic for SWITCH_OFF, SWITCH_ON, heatWater, inputs');
    expect(out).toContain('1 of 2 machines are not fully covered');
  });

  it('exits 0 for a fully covered machine from the command line', { timeout: 60_000 }, async () => {
    const { code, out } = await spawnCli('--machines-dir', fixtureMachines, 'kettle', '--check');
    expect(code).toBe(0);
    expect(out).toContain('all 1 machines fully covered');
  });
});
