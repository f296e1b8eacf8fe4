import { EventFactory } from './event-kinds';
import { generateEvents } from './generate-events';
import { generateWorld } from './generate-world';
import { SeededRandom } from './random';
import type { DoubleData } from './types';
import type { DoubleToken } from '../types';

export interface WorldOptions {
  seed: number;
  events: number;
  hostileNames: boolean;
  tokens: DoubleToken[];
  now: Date;
}

/** The generated world and the factory that keeps making coherent events for it. */
export function createWorld(options: WorldOptions): { data: DoubleData; factory: EventFactory } {
  const random = new SeededRandom(options.seed);
  const factory = new EventFactory(random, options.hostileNames);
  const anchor = options.now.getTime();
  const world = generateWorld(anchor, options.hostileNames);
  const events = generateEvents(world, options.events, anchor, factory, random);
  const tokens = options.tokens.map((t) => ({ ...t, scopes: [...t.scopes] }));
  return { data: { ...world, events, tokens, settings: {} }, factory };
}
