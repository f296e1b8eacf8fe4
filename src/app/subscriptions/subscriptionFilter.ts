import { SUBSCRIPTION_KINDS, type SubscriptionKind } from '../../gitlab/subscriptionTypes';
import { formatMessage, type Localize } from '../localize';
import { isClosed, isWithin, type SubscriptionItem } from './subscriptionItems';

export type SubscriptionStateFilter = 'all' | 'open' | 'closed';
const STATES: readonly SubscriptionStateFilter[] = ['all', 'open', 'closed'];
/** Longest project or group path kept (GitLab's own bound on a full path is lower). */
const MAX_PLACE = 500;

/**
 * What the Subscriptions list shows: one kind or all, open or closed things or both (labels have no state: a state
 * narrows them out), and one project or group (with what is inside it). Immutable; made valid where it is chosen or
 * read back from storage.
 */
export class SubscriptionFilter {
  static readonly EMPTY = new SubscriptionFilter({});

  readonly kind?: SubscriptionKind;
  readonly state: SubscriptionStateFilter;
  readonly place?: string;

  constructor(parts: { kind?: SubscriptionKind; state?: SubscriptionStateFilter; place?: string }) {
    this.kind = parts.kind;
    this.state = parts.state ?? 'all';
    this.place = parts.place?.trim() || undefined;
  }

  with(parts: { kind?: SubscriptionKind | null; state?: SubscriptionStateFilter; place?: string | null }): SubscriptionFilter {
    return new SubscriptionFilter({
      kind: parts.kind === null ? undefined : parts.kind ?? this.kind,
      state: parts.state ?? this.state,
      place: parts.place === null ? undefined : parts.place ?? this.place,
    });
  }

  /**
   * The kinds read under this filter: a state leaves labels out, unless labels are the kind chosen (then the list
   * says that nothing matches, with Clear Filters, rather than showing another kind).
   */
  get kinds(): SubscriptionKind[] {
    if (this.kind) return [this.kind];
    return this.state === 'all' ? [...SUBSCRIPTION_KINDS] : SUBSCRIPTION_KINDS.filter((kind) => kind !== 'label');
  }

  get narrowed(): boolean {
    return this.kind !== undefined || this.state !== 'all' || this.place !== undefined;
  }

  /** The client-side predicate, or undefined when every item read is kept. */
  get keep(): ((item: SubscriptionItem) => boolean) | undefined {
    const { state, place } = this;
    if (state === 'all' && !place) return undefined;
    // Labels have no state: any state narrows them out.
    return (item) => (state === 'all' || (item.kind !== 'label' && (state === 'closed') === isClosed(item))) && (!place || isWithin(item.containerPath, place));
  }

  /** The view's description: "Closed · Merge requests · acme/web"; empty without a filter. */
  describe(t: Localize = formatMessage): string {
    const words: string[] = [];
    if (this.state !== 'all') words.push(this.state === 'open' ? t('Open') : t('Closed or merged'));
    if (this.kind) words.push(kindPlural(this.kind, t));
    if (this.place) words.push(this.place);
    return words.join(t(' · '));
  }

  message(t: Localize = formatMessage): string {
    const words = this.describe(t);
    return words ? t('Filtered: {0}', words) : '';
  }

  equals(other: SubscriptionFilter): boolean {
    return this.kind === other.kind && this.state === other.state && this.place === other.place;
  }

  serialize(): { kind?: string; state: string; place?: string } {
    return { kind: this.kind, state: this.state, place: this.place };
  }

  /** Stored state is untrusted: what is not valid is dropped, never sent. */
  static deserialize(value: unknown): SubscriptionFilter {
    if (value === null || typeof value !== 'object') return SubscriptionFilter.EMPTY;
    const o = value as Record<string, unknown>;
    const kind = SUBSCRIPTION_KINDS.find((k) => k === o.kind);
    const state = STATES.find((s) => s === o.state);
    const place = typeof o.place === 'string' && o.place.length <= MAX_PLACE && validPlace(o.place) ? o.place : undefined;
    return new SubscriptionFilter({ kind, state, place });
  }
}

/** A project or group full path as GitLab writes them: segments of letters, digits, `_`, `-`, `.`, split by `/`. */
export function validPlace(path: string): boolean {
  return /^[\w.-]+(\/[\w.-]+)*$/.test(path.trim()) && !path.split('/').some((part) => part === '.' || part === '..');
}

/** A kind's name as a section and the filter say it. */
export function kindPlural(kind: SubscriptionKind, t: Localize = formatMessage): string {
  switch (kind) {
    case 'issue': return t('Issues');
    case 'mergeRequest': return t('Merge requests');
    case 'epic': return t('Epics');
    case 'label': return t('Labels');
  }
}
