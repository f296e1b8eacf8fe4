import type { Break, Elsewhere } from '../model';
import { section as accounts } from './accounts';
import { section as apiClient } from './apiClient';
import { section as feeds } from './feeds';
import { section as logicAndShell } from './logicAndShell';
import { section as nextStep } from './nextStep';
import { section as pendingActions } from './pendingActions';
import { section as subscriptions } from './subscriptions';
import { section as trustBoundaries } from './trustBoundaries';

/** The sections of docs/protections.md in its order. */
const SECTIONS = [apiClient, logicAndShell, nextStep, trustBoundaries, accounts, subscriptions, feeds, pendingActions];

export const BREAKS: Break[] = SECTIONS.flatMap((section) => section.breaks);
export const ELSEWHERE: Elsewhere[] = SECTIONS.flatMap((section) => section.elsewhere);
