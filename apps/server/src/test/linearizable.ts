import type fc from 'fast-check';
import { expect } from 'vitest';
import { permutations } from './permutations.js';

/**
 * Runs `ops` at once, started in an order fast-check's scheduler picks, and checks that the outcomes
 * are linearizable: some order of them, applied to a copy of the model, explains every outcome. That
 * copy becomes the model. The completion order is tried first (on SQLite it is the execution order;
 * on PostgreSQL a reply may overtake another). The ledger and points model tests share it.
 */
export const runLinearizable = async <Op, Outcome, Model extends object>(input: {
  ops: Op[];
  scheduler: fc.Scheduler;
  run: (op: Op) => Promise<Outcome>;
  model: Model;
  clone: (model: Model) => Model;
  /** Applies one outcome to the model; false when the model says it cannot have happened. */
  apply: (model: Model, op: Op, outcome: Outcome) => boolean;
  /** The model's state, for the failure message. */
  show: (model: Model) => string;
}) => {
  const completed: { op: Op; outcome: Outcome }[] = [];
  const pending = input.ops.map((op) =>
    input.scheduler
      .schedule(Promise.resolve(op))
      .then((o) => input.run(o))
      .then((outcome) => completed.push({ op, outcome })),
  );
  await input.scheduler.waitAll();
  await Promise.all(pending);
  for (const order of permutations(completed)) {
    const candidate = input.clone(input.model);
    if (order.every(({ op, outcome }) => input.apply(candidate, op, outcome))) {
      Object.assign(input.model, candidate);
      return;
    }
  }
  expect.fail(`no order of ${JSON.stringify(completed)} fits ${input.show(input.model)}`);
};
