import assert from 'node:assert/strict';
import { fake } from './fakeVscode';
import { checkProject } from '../../../src/app/projectCheck';
import { pickProject } from '../../../src/ui/activity/projectPicks';
import type { Project } from '../../../src/gitlab';
import { GitLabDouble } from '../../double';
import { type TestClient, withDoubleAndClient } from '../gitlab/helpers';

type Shown = (typeof fake.shown)[number];
const inputBoxes = () => fake.shown.filter((entry): entry is Extract<Shown, { kind: 'inputBox' }> => entry.kind === 'inputBox');
const enterAnId = (items: Array<{ label: string }>) => items.find((item) => item.label.endsWith('Enter an ID or path…'));

describe('Add Project: checked before it is added, typed text kept', () => {
  let double: GitLabDouble;
  let client: TestClient;

  withDoubleAndClient({ edition: 'ee', events: 20, seed: 3 }, (started, made) => { double = started; client = made; });
  beforeEach(() => fake.reset());

  it('carries what was typed in the project picker into "Enter an ID or path…"', async () => {
    fake.answers.quickPickValue = () => 'acme/not-listed';
    fake.answers.quickPick = enterAnId;
    assert.equal(await pickProject(client.client, () => undefined), undefined);
    const [box] = inputBoxes();
    assert.ok(box, 'no input box');
    assert.equal(box.options.value, 'acme/not-listed');
  });

  it('does not add a project GitLab does not know: the box opens again on it and says so', async () => {
    fake.answers.quickPick = enterAnId;
    const answers = ['acme/no-such-project', undefined];
    fake.answers.inputBox = () => answers.shift();
    const remembered: Project[] = [];
    assert.equal(await pickProject(client.client, (project) => remembered.push(project)), undefined);
    const boxes = inputBoxes();
    assert.equal(boxes.length, 2, 'the box did not open again');
    assert.equal(boxes[1].options.value, 'acme/no-such-project');
    const validate = boxes[1].options.validateInput as (value: string) => Promise<string | undefined>;
    assert.match(await validate('acme/no-such-project') ?? '', /GitLab has no project acme\/no-such-project, or your account cannot see it\./);
    assert.equal(await validate('acme/website'), undefined, 'another path is not refused');
    assert.deepEqual(remembered, []);
  });

  it('adds a typed project GitLab knows, and remembers its name', async () => {
    fake.answers.quickPick = enterAnId;
    fake.answers.inputBox = () => ' /acme/website/ ';
    const remembered: Project[] = [];
    assert.equal(await pickProject(client.client, (project) => remembered.push(project)), 'acme/website');
    assert.deepEqual(remembered.map((project) => project.path_with_namespace), ['acme/website']);
  });

  it('asks before adding a project it could not look up (GitLab refused the lookup)', async () => {
    fake.answers.quickPick = enterAnId;
    fake.answers.inputBox = () => 'acme/website';
    double.inject({ fault: { kind: 'status', status: 403 }, path: '/projects/acme/website', times: Infinity });
    try {
      fake.answers.message = (shown) => shown.actions[0];
      assert.equal(await pickProject(client.client, () => undefined), 'acme/website');
      assert.ok(fake.shown.some((entry) => entry.kind === 'warning' && entry.message.startsWith('Could not look up acme/website: ')));
      fake.answers.message = () => undefined;
      assert.equal(await pickProject(client.client, () => undefined), undefined);
    } finally {
      double.clearFaults();
    }
  });
});

describe('checkProject', () => {
  for (const specOnly of [false, true]) {
    describe(specOnly ? 'on a server of the interface alone (no GET /projects/:id)' : 'on GitLab', () => {
      let client: TestClient;
      withDoubleAndClient({ specOnly, events: 20, seed: 3 }, (_started, made) => { client = made; });

      it('finds a project that is there and refuses one that is not', async () => {
        const found = await checkProject(client.client, 'acme/website');
        assert.equal(found.kind, 'found');
        if (!specOnly) assert.equal(found.kind === 'found' && found.project?.path_with_namespace, 'acme/website');
        assert.equal((await checkProject(client.client, 'acme/no-such-project')).kind, 'notFound');
      });
    });
  }
});
