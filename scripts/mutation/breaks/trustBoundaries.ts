/** Trust boundaries (a repository's settings and the token): the rows of that section of docs/protections.md. */
import { GIT_FILES, HANDLER, T, edit, type Section } from '../model';

export const section: Section = {
  breaks: [
    {
      protection: 'Network settings read from the user\'s settings only',
      edits: [edit('src/app/settingTrust.ts', 'return inspected?.globalValue !== undefined ? inspected.globalValue : inspected?.defaultValue;', 'return inspected?.workspaceFolderValue ?? inspected?.workspaceValue ?? inspected?.globalValue ?? inspected?.defaultValue;')],
      specs: [`${T}/app/settingTrust.test.ts`, `${T}/ui/config.test.ts`, `${T}/ui/session.test.ts`],
      tests: ['ignores a workspace value', 'a workspace or folder value never reaches the result', 'sends nothing through a proxy a workspace names'],
    },
    {
      protection: '…and `readConfig` reads them through that rule',
      edits: [edit('src/ui/config.ts', 'proxy: text(userOrDefault(c.inspect<unknown>(SETTINGS.proxy))) || httpProxy,', 'proxy: text(c.get(SETTINGS.proxy)) || httpProxy,')],
      specs: [`${T}/ui/config.test.ts`, `${T}/ui/session.test.ts`],
      tests: ['gitlabActivity.proxy a workspace or folder value never reaches the result', 'sends nothing through a proxy a workspace names'],
    },
    {
      protection: '…and reads each list with the instance of its layer',
      edits: [edit('src/ui/config.ts', 'effectiveInstanceList(c.inspect<unknown>(SETTINGS[key]), inspectedInstance,', 'effectiveInstanceList({ globalValue: c.get(SETTINGS[key]) }, inspectedInstance,')],
      specs: [`${T}/ui/config.test.ts`],
      tests: ['reads each layer\'s list with the instance that layer named'],
    },
    {
      protection: 'Network settings machine-scoped in the manifest',
      edits: [edit('package.json', '"gitlabActivity.proxy": {\n          "scope": "machine",\n', '"gitlabActivity.proxy": {\n')],
      specs: [`${T}/manifest.test.ts`],
      tests: ['keeps the settings that decide where the token goes out of a workspace\'s hands'],
    },
    {
      protection: 'A token goes to its own instance only',
      edits: [edit('src/ui/accountClients.ts', 'const transport = this.transport(instanceUrl, token);', 'const transport = this.transport(this.config().instanceUrl, token);')],
      specs: [`${T}/ui/session.test.ts`],
      tests: ['builds each account\'s client with its own instance\'s token', 'signs a second instance in beside the first', 'keeps a new sign-in\'s token for its own instance'],
    },
    {
      protection: 'The first 200 entries of a list setting read',
      edits: [edit('src/app/instanceSettings.ts', 'const read = Array.isArray(value) && notRead > 0 ? value.slice(0, max) : value;', 'const read = value;')],
      specs: [`${T}/app/instanceSettings.test.ts`],
      tests: ['reads the first 200 entries of a workspace\'s list of 1,500'],
    },
    {
      protection: 'The first 200 entries of a list setting read',
      part: 'a git config\'s remotes',
      edits: [edit('src/app/gitRemotes.ts', '    if (paths.size >= max) break;\n', '')],
      specs: [`${T}/app/gitRemotes.test.ts`],
      tests: ['collects the first 200 distinct project paths'],
    },
    {
      protection: '`.git` and its config read only when a stat says directory or regular file',
      edits: [
        edit('src/node/gitFiles.ts', "return info.isDirectory() ? 'directory' : info.isFile() ? 'file' : undefined;", "return info.isDirectory() ? 'directory' : 'file';"),
        edit('src/node/gitFiles.ts', 'if (!info.isFile() || info.size > maxBytes) return undefined;', 'if (info.size > maxBytes) return undefined;'),
        edit('src/node/gitFiles.ts', 'open(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0))', 'open(path, constants.O_RDONLY)'),
        edit('src/node/gitFiles.ts', '          if (!(await inTime(handle.stat(), signal)).isFile()) return undefined;\n', ''),
      ],
      specs: [GIT_FILES],
      tests: ['a .git that is a FIFO', 'a .git/config that is a FIFO'],
    },
    {
      protection: 'Time bound on reading git files',
      edits: [edit('src/node/gitFiles.ts', '  return new Promise<T>((resolve, reject) => {\n    const onAbort = () => {', '  if (signal) return work;\n  return new Promise<T>((resolve, reject) => {\n    const onAbort = () => {')],
      specs: [GIT_FILES],
      tests: ['a disk that does not answer in time counts as no file'],
    },
    {
      protection: 'Size bound on reading git files',
      edits: [
        edit('src/node/gitFiles.ts', 'if (!info.isFile() || info.size > maxBytes) return undefined;', 'if (!info.isFile()) return undefined;'),
        edit('src/node/gitFiles.ts', '            if (length > maxBytes) return undefined;\n', ''),
      ],
      specs: [GIT_FILES],
      tests: ['a config larger than 1024 kB is not read', 'a regular file whose size says nothing of its length'],
    },
    {
      protection: 'Environment token bound to its instance',
      edits: [edit('src/app/settingTrust.ts', "return sameInstance(bound, instanceUrl) ? { use: true, token } : { use: false, reason: 'otherInstance' };", 'return { use: true, token };')],
      specs: [`${T}/app/settingTrust.test.ts`, `${T}/ui/tokenStore.test.ts`, `${T}/ui/session.test.ts`],
      tests: ['is not used for another instance', 'uses the environment token for its bound instance only', 'uses an environment token for the instance bound to it only'],
    },
    {
      protection: 'A repository\'s settings stay its own',
      edits: [edit('src/app/instanceSettings.ts', 'const workspaceHasList = inWorkspace && list?.workspaceValue !== undefined;', 'const workspaceHasList = inWorkspace;')],
      specs: [`${T}/app/instanceSettings.test.ts`],
      tests: ['adds to the user\'s settings when the workspace has no list of its own'],
    },
    {
      protection: '…and a workspace that names no instance gets no instance URL of the user\'s',
      edits: [edit('src/app/instanceSettings.ts', "if (target.layer !== 'workspace' || namesOwnInstance) {", 'if (true) {')],
      specs: [`${T}/app/instanceSettings.test.ts`],
      tests: ['never writes the user\'s instance URL into a workspace that names none'],
    },
    {
      protection: '"Sign In Again" on an Activity error row names the instance of the list that failed',
      edits: [edit('src/ui/activity/nodes.ts', 'return errorRowCommand(node.error, instance ? urlOf(instance) ?? instance : undefined,', 'return errorRowCommand(node.error, undefined,')],
      specs: [`${T}/ui/activityNodes.test.ts`],
      tests: ['"Sign In Again" names the instance of the list whose token was refused', 'names an instance no longer signed in by its key'],
    },
    {
      protection: '"Sign in again" in the settings editor names the instance of the client that failed',
      edits: [edit('src/app/settings/settingsRequestHandler.ts', "case 'signIn': return this.deps.signIn?.(this.signInFor ? this.signInFor.instanceUrl : this.deps.instanceUrl?.());", "case 'signIn': return this.deps.signIn?.(undefined);")],
      specs: [HANDLER],
      tests: ['signs in again to the instance whose client failed', 'names the instance of a bulk item\'s refused token too', 'without a failure, names the instance of the client in use'],
    },
    {
      protection: 'Tokens keyed by the instance\'s identity',
      edits: [edit('src/app/tokenKeys.ts', 'return `${PREFIX}${normalizeInstanceUrl(instanceUrl)}`;', 'return `${PREFIX}${trimInstanceUrl(instanceUrl).toLowerCase()}`;')],
      specs: [`${T}/app/tokenKeys.test.ts`, `${T}/ui/tokenStore.test.ts`],
      tests: ['one key per instance, however a workspace spells it', 'keys a token by the instance\'s identity'],
    },
    {
      protection: '…and the token store uses that key',
      edits: [edit('src/ui/auth/tokenStore.ts', 'return tokenKey(instanceUrl);', 'return `${TokenStore.prefix}${instanceUrl}`;')],
      specs: [`${T}/ui/tokenStore.test.ts`, `${T}/ui/session.test.ts`],
      tests: ['keys a token by the instance\'s identity', 'signs a second instance in beside the first'],
    },
    {
      protection: 'Tokens under an old key move to the new one without loss',
      edits: [edit('src/app/tokenKeys.ts', '          await secrets.store(key, token);\n', '')],
      specs: [`${T}/app/tokenKeys.test.ts`],
      tests: ['moves a token found under an old spelling\'s key', 'loses nothing when storing fails'],
    },
    {
      protection: 'Sign-out also deletes a token left under an old key',
      edits: [edit('src/app/tokenKeys.ts', 'return [...new Set(keys)].filter((old) => old !== key);', 'return [];')],
      specs: [`${T}/app/tokenKeys.test.ts`],
      tests: ['names the old keys a sign-out must delete too'],
    },
    {
      protection: 'Untrusted text inert in messages',
      edits: [edit('src/app/plainText.ts', "return text.replace(LINK_OR_ICON, '$1\\u200b(');", 'return text;')],
      specs: [`${T}/ui/plainWindow.test.ts`],
      tests: ['breaks command links and icons', 'are text in the refusal', 'the snooze-ended warning', 'validation message shows the server\'s refusal as text', 'the signed-in toast', 'an error toast shows the server\'s error body as text', 'the project picker shows the server\'s project names as text'],
    },
    {
      protection: 'Those surfaces reached only through `src/ui/plainWindow.ts`',
      edits: [edit('src/ui/session.ts', 'void plainWindow.showErrorMessage(message, signInAgain)', 'void vscode.window.showErrorMessage(message, signInAgain)')],
      specs: [`${T}/ui/plainWindow.test.ts`],
      tests: ['only through plainWindow'],
    },
    {
      protection: 'An imported profile is read only when it is a regular file of at most 1 MB',
      edits: [edit('src/ui/settings/profileCommands.ts', "      if (!(type & vscode.FileType.File)) return void plainWindow.showErrorMessage(t('Could not read {0}: it is not a file.', uri.fsPath));\n", '')],
      specs: [`${T}/ui/plainWindow.test.ts`],
      tests: ['reads only a file, and only one of a profile\'s size'],
    },
  ],
  elsewhere: [
    {
      protection: 'The whole protection in the extension',
      by: 'workbench',
      why: 'it is the parts above (each with its break) put together in the running extension: a workspace\'s settings, VS Code\'s restricted mode and the environment token, end to end',
    },
  ],
};
