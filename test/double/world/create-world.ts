import { EventFactory } from './event-kinds';
import { generateEvents } from './generate-events';
import { generateFeedWorld, weaveEvents, type FeedWorldOptions } from './generate-feeds';
import { generateSubscriptions, type ExtraSubscriptions } from './generate-subscriptions';
import { generateTodos } from './generate-todos';
import { generateWorld } from './generate-world';
import { SeededRandom } from './random';
import { castStarsAndFollows, deriveProjectActivity } from './social';
import type { DoubleData } from './types';
import type { DoubleToken, Edition } from '../types';

export interface WorldOptions {
  seed: number;
  events: number;
  /** Random to-dos of user 1 generated before the fixed cast. */
  todos: number;
  /** Extra explicit subscriptions of user 1, per kind. */
  subscriptions?: ExtraSubscriptions;
  edition: Edition;
  hostileNames: boolean;
  /** The dashboard feeds' larger world (more projects, stars, followees and their events). */
  feeds?: FeedWorldOptions;
  tokens: DoubleToken[];
  now: Date;
}

/** The generated world and the factory that keeps making coherent events for it. */
export function createWorld(options: WorldOptions): { data: DoubleData; factory: EventFactory } {
  const random = new SeededRandom(options.seed);
  const factory = new EventFactory(random, options.hostileNames);
  const anchor = options.now.getTime();
  const world = generateWorld(anchor, options.hostileNames);
  const baseEvents = generateEvents(world, options.events, anchor, factory, random);
  const social = castStarsAndFollows(options.hostileNames);
  let events = baseEvents;
  if (options.feeds) {
    // Its own generator, so that the base world of a seed stays what it was.
    const feeds = generateFeedWorld(world, options.feeds, anchor, factory, new SeededRandom(options.seed + 104_729));
    events = weaveEvents(baseEvents, feeds.events);
    social.stars.push(...feeds.stars);
    social.follows.push(...feeds.follows);
  }
  deriveProjectActivity({ projects: world.projects, events });
  // Their own generator, so that the events of a seed stay what they were before there were to-dos.
  const todos = generateTodos({
    anchorMs: anchor, edition: options.edition, hostileNames: options.hostileNames, extra: options.todos,
    random: new SeededRandom(options.seed + 7919),
    projectName: (id) => world.projects.find((p) => p.id === id)?.name,
    groupName: (id) => world.groups.find((g) => g.id === id)?.name,
    userName: (id) => world.users.find((u) => u.id === id)?.name,
  });
  const tokens = options.tokens.map((t) => ({ ...t, scopes: [...t.scopes] }));
  const subscribables = generateSubscriptions({
    anchorMs: anchor, edition: options.edition, hostileNames: options.hostileNames, extra: options.subscriptions,
  });
  return { data: { ...world, events, todos, tokens, ...subscribables, ...social, settings: {} }, factory };
}
