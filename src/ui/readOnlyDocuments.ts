import * as vscode from 'vscode';
import { DOCUMENT_SCHEME } from '../ids';

/** Documents kept at once; an older one that is still open shows empty after a reload of the window. */
const KEPT = 20;

/**
 * Text the extension shows in an editor (the Markdown copy, an event's details) as read-only documents of its own
 * scheme. An untitled document would be dirty and ask to be saved on close; these are not, and each one is kept
 * only while open (and at most `KEPT` of them).
 */
export class ReadOnlyDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly contents = new Map<string, string>();
  private next = 1;
  private readonly disposables: vscode.Disposable[];

  constructor() {
    this.disposables = [
      vscode.workspace.registerTextDocumentContentProvider(DOCUMENT_SCHEME, this),
      vscode.workspace.onDidCloseTextDocument((document) => this.contents.delete(document.uri.toString())),
    ];
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.contents.get(uri.toString()) ?? '';
  }

  /** Opens `content` in an editor as a Markdown document named `name` (the tab's title, without extension). */
  async show(name: string, content: string, options: vscode.TextDocumentShowOptions = {}): Promise<void> {
    // The path names the tab; the query makes each document its own, so an earlier one stays as it was.
    const uri = vscode.Uri.from({ scheme: DOCUMENT_SCHEME, path: `/${name.replace(/[\\/]/g, '-')}.md`, query: String(this.next++) });
    this.contents.set(uri.toString(), content);
    while (this.contents.size > KEPT) this.contents.delete(this.contents.keys().next().value as string);
    // The ".md" path makes it a Markdown document (highlighting, preview).
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), options);
  }

  dispose(): void {
    for (const disposable of this.disposables) disposable.dispose();
    this.contents.clear();
  }
}
