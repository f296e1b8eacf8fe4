import { GraphQLError, Kind, type GraphQLScalarType, type GraphQLSchema, type ValueNode } from 'graphql';
import { canReadProject, canSeeEvent, projectAccess } from '../world/access';
import { gid, userCore } from './present';
import type { GraphqlContext } from './resolvers';

/**
 * `Query.note(id:)` (experiment since 15.9, catch-up note §1.3, §1.5): one note by its global ID, with its web `url`,
 * `Gitlab::UrlBuilder`'s: the noteable's page and the anchor `#note_<id>` (`dom_id(note)`), for issues, merge requests,
 * commits and snippets. A note's notes are the events' (`DoubleEvent.note`); one the caller may not read is `null`.
 * `NoteID` is `GlobalIDType[::Note]`, which takes the gid of a subclass too (`DiffNote`, `DiscussionNote`).
 */
export const NOTE_SDL = `
scalar NoteID
extend type Note {
  url: String
  system: Boolean!
  createdAt: Time
  author: UserCore
}
extend type Query {
  note(id: NoteID!): Note
}`;

const NOTE_GID = /^gid:\/\/gitlab\/([A-Za-z:]+)\/(\d+)$/;
const NOTE_CLASSES = new Set(['Note', 'DiffNote', 'DiscussionNote', 'LegacyDiffNote', 'SyntheticNote']);

function noteId(value: unknown): number {
  const match = typeof value === 'string' ? NOTE_GID.exec(value) : null;
  if (!match) throw new GraphQLError(`${JSON.stringify(value)} is not a valid Global ID`);
  if (!NOTE_CLASSES.has(match[1])) throw new GraphQLError(`${JSON.stringify(value)} does not represent an instance of Note`);
  return Number(match[2]);
}

export function wireNoteScalar(schema: GraphQLSchema): void {
  const type = schema.getType('NoteID') as GraphQLScalarType | undefined;
  if (!type) return;
  type.parseValue = noteId;
  type.parseLiteral = (node: ValueNode) => {
    if (node.kind !== Kind.STRING) throw new GraphQLError('Expected a string');
    return noteId(node.value);
  };
}

export function noteRoot(context: GraphqlContext): Record<string, unknown> {
  const { double } = context;
  const data = double.data;
  const userId = context.user?.id ?? null;
  return {
    note: ({ id }: { id: number }) => {
      const event = data.events.find((e) => e.note?.id === id);
      const project = event && data.projects.find((p) => p.id === event.projectId);
      if (!event?.note || !project || !canReadProject(data, project, userId)) return null;
      if (!canSeeEvent(event, project, userId, projectAccess(data, project, userId))) return null;
      const note = event.note;
      const at = `${double.baseUrl}/${project.pathWithNamespace}/-`;
      const page = note.noteableType === 'MergeRequest' ? `${at}/merge_requests/${note.noteableIid}`
        : note.noteableType === 'Issue' ? `${at}/issues/${note.noteableIid}`
          : note.noteableType === 'WorkItem' ? `${at}/work_items/${note.noteableIid}`
            : note.noteableType === 'Commit' && note.commitId ? `${at}/commit/${note.commitId}`
              : note.noteableType === 'Snippet' ? `${at}/snippets/${note.noteableId}` : undefined;
      const author = data.users.find((u) => u.id === event.authorId);
      return {
        id: gid('Note', note.id), body: note.body, system: note.system, createdAt: event.createdAt,
        url: page ? `${page}#note_${note.id}` : null, author: author ? userCore(double.baseUrl, author) : null,
      };
    },
  };
}
