import type { Fault, FaultRule } from '../types';

interface ActiveRule { rule: FaultRule; remaining: number }

export interface FaultPlan {
  /** Sum of the matching latency rules. */
  latencyMs: number;
  /** The first matching fault of another kind, if any. */
  fault?: Fault;
}

/** Injected fault rules: every matching latency rule applies, plus the first matching rule of another kind. */
export class FaultStore {
  private rules: ActiveRule[] = [];

  add(rule: FaultRule): void {
    const times = rule.times ?? 1;
    if (!(times > 0)) throw new Error('A fault rule needs times > 0.');
    this.rules.push({ rule, remaining: times });
  }

  clear(): void {
    this.rules = [];
  }

  get size(): number {
    return this.rules.length;
  }

  /** Consumes the rules that apply to this request. `path` is the decoded path without /api/v4. */
  take(method: string, path: string): FaultPlan {
    const plan: FaultPlan = { latencyMs: 0 };
    for (const active of this.rules) {
      if (!matches(active.rule, method, path)) continue;
      if (active.rule.fault.kind === 'latency') {
        plan.latencyMs += active.rule.fault.ms;
      } else if (!plan.fault) {
        plan.fault = active.rule.fault;
      } else {
        continue;
      }
      active.remaining -= 1;
    }
    this.rules = this.rules.filter((r) => r.remaining > 0);
    return plan;
  }
}

function matches(rule: FaultRule, method: string, path: string): boolean {
  if (rule.method && rule.method.toUpperCase() !== method.toUpperCase()) return false;
  if (rule.path === undefined) return true;
  if (typeof rule.path === 'string') return rule.path === path;
  rule.path.lastIndex = 0;
  return rule.path.test(path);
}
