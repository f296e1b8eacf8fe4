/** A pending action belongs to its account: the rows of that section of docs/protections.md. */
import { T, edit, type Section } from '../model';

const TODO_ACCOUNTS = `${T}/ui/todoAccounts.test.ts`;
const SNOOZE_ACCOUNTS = `${T}/app/settings/snoozeAccounts.test.ts`;

export const section: Section = {
  breaks: [
    {
      protection: 'A pending action belongs to its account: the Subscriptions list and Unsubscribe on any row',
      edits: [edit('src/app/subscriptions/subscriptionService.ts', 'return accountNow(account, this.deps.accounts(), (a) => a.subscriptions);',
        'return { account: this.accountAt(account.key) ?? account };')],
      specs: [`${T}/ui/subscriptionAccounts.test.ts`],
      tests: ['Undo clicked after bob signed in over alice subscribes nobody', 'Undo clicked after alice signed out sends nothing',
        'All Closed\'s confirmation answered after bob', 'All Closed\'s Undo clicked after bob', 'a To-Do row\'s Undo clicked after alice signed out',
        'Unsubscribe chosen after bob signed in over alice', 'an Activity row\'s Undo clicked after bob'],
    },
    {
      protection: 'A pending action belongs to its account: the To-Do List',
      edits: [edit('src/app/todos/todoService.ts', 'return accountNow(account, this.deps.accounts(), (a) => a.todos);',
        'return { account: this.accountAt(account.key) ?? account };')],
      specs: [TODO_ACCOUNTS],
      tests: ['Mark as Done\'s Undo clicked after bob', 'a snooze\'s Undo clicked after alice signed out', 'Mark All\'s question answered after bob',
        'Mark All\'s Undo clicked after bob', 'a new to-do\'s Done, clicked after bob'],
    },
    {
      protection: 'A pending action belongs to its account: Mark All acts for the accounts its question was asked for',
      edits: [edit('src/ui/todos/todoCommands.ts', 'await service.markAll(accounts);', 'await service.markAll();')],
      specs: [TODO_ACCOUNTS],
      tests: ['Mark All\'s question answered after bob'],
    },
    {
      protection: 'A pending action belongs to its account: a new to-do\'s buttons',
      edits: [edit('src/ui/todos/newTodoNotifier.ts', 'const account = readers.get(instance);', 'const account = this.todos.accountAt(instance);')],
      specs: [TODO_ACCOUNTS],
      tests: ['a new to-do\'s Done, clicked after bob'],
    },
    {
      protection: 'A pending action belongs to its account: a snooze\'s end writes for its maker only',
      edits: [edit('src/app/settings/notificationSettingsService.ts',
        'if (account !== undefined && (this.account.accountKey !== account || !api)) throw new AccountChanged(account);', '')],
      specs: [SNOOZE_ACCOUNTS],
      tests: ['between its read and its write, PUTs nothing into bob'],
    },
    {
      protection: 'A pending action belongs to its account: Restore on an ended snooze',
      edits: [edit('src/ui/settings/snoozeCommands.ts', 'if (error instanceof AccountChanged) {', 'if (error instanceof Error && error.message === \'\') {')],
      specs: [SNOOZE_ACCOUNTS],
      tests: ['"Restore" on alice\'s ended snooze'],
    },
    {
      protection: 'A pending action belongs to its account: Snooze Notifications',
      edits: [edit('src/app/settings/snooze.ts', 'if (maker !== undefined && (key !== maker || !this.account.signedIn)) throw new AccountChanged(maker);', '')],
      specs: [SNOOZE_ACCOUNTS],
      tests: ['a snooze whose scope alice chose'],
    },
    {
      protection: 'A pending action belongs to its account: Copy Activity as Markdown\'s Continue',
      edits: [edit('src/ui/activity/activityCommands.ts', 'if (gone) return void plainWindow.showInformationMessage(accountGoneMessage(gone, vscode.l10n.t));', '')],
      specs: [`${T}/ui/activityCommands.test.ts`],
      tests: ['Continue clicked after alice signed out'],
    },
  ],
  elsewhere: [
  ],
};
