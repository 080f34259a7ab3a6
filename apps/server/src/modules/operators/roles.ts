import { AppError } from '../../platform/errors.js';

export const OPERATOR_ROLES = ['ADMIN', 'FINANCE'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/**
 * Who may do what: the one place operator rights are written down (decision 0013). Money decisions
 * belong to FINANCE; ADMIN runs the operators (sessions, security events) and may read the queues
 * but not move money, so no single role both administers and pays out.
 */
export const OPERATOR_RIGHTS = {
  'deposits.read': ['ADMIN', 'FINANCE'],
  'deposits.decide': ['FINANCE'],
  'withdrawals.read': ['ADMIN', 'FINANCE'],
  'withdrawals.decide': ['FINANCE'],
  'operators.revoke': ['ADMIN'],
  'security-events.read': ['ADMIN'],
  // Official lottery results decide payouts: both roles may key one in, and a second operator must
  // confirm it (lottery/results.ts), so no one person settles a draw.
  'lottery-results.read': ['ADMIN', 'FINANCE'],
  'lottery-results.enter': ['ADMIN', 'FINANCE'],
  // A contract's rates decide what the brand pays its top agents: offering and ending one is FINANCE's.
  'agent-contracts.read': ['ADMIN', 'FINANCE'],
  'agent-contracts.decide': ['FINANCE'],
  // Agent dividends move money: FINANCE approves them (decision 0041).
  'agent-dividends.approve': ['FINANCE'],
  // Who joins a team and where it sits decide who is paid salaries and dividends: ADMIN decides,
  // both may read the queue.
  'agent-applications.read': ['ADMIN', 'FINANCE'],
  'agent-applications.decide': ['ADMIN'],
  'members.move': ['ADMIN'],
  // Promotions (decision 0050): ADMIN writes the offers; approving an application lets money be
  // paid, so reviews are FINANCE's; both may read the queue and the costs.
  'promotions.read': ['ADMIN', 'FINANCE'],
  'promotions.manage': ['ADMIN'],
  'promotion-claims.decide': ['FINANCE'],
  // Raffles (decision 0053): ADMIN makes them, as it writes promotions (the prizes are fixed when
  // made and paid by the draw job, not by a person); both may read them.
  'raffles.read': ['ADMIN', 'FINANCE'],
  'raffles.manage': ['ADMIN'],
  // Members' inboxes (decision 0047): ADMIN writes to members, both may read what was sent.
  'messages.read': ['ADMIN', 'FINANCE'],
  'messages.send': ['ADMIN'],
  // VIP ranks (decision 0049): both may read; upgrade bonuses are money, so editing the ranks and
  // setting a member's rank (which pays them) is FINANCE's.
  'vip.read': ['ADMIN', 'FINANCE'],
  'vip.manage': ['FINANCE'],
  // Missions (decision 0052): both may read; a mission pays without review, so writing one is FINANCE's.
  'missions.read': ['ADMIN', 'FINANCE'],
  'missions.manage': ['FINANCE'],
  // The points mall (decision 0046): both roles keep the rewards and their stock; a redemption's
  // decision (a rejection refunds points) and the rates and conversion (what points cost in money)
  // are FINANCE's.
  'point-rewards.read': ['ADMIN', 'FINANCE'],
  'point-rewards.manage': ['ADMIN', 'FINANCE'],
  'point-redemptions.decide': ['FINANCE'],
  'point-settings.manage': ['FINANCE'],
  // Rebates (decision 0051): both may read the rates; the rates are what rebates cost, so FINANCE's.
  'rebates.read': ['ADMIN', 'FINANCE'],
  'rebates.manage': ['FINANCE'],
} as const satisfies Record<string, readonly OperatorRole[]>;
export type OperatorAction = keyof typeof OPERATOR_RIGHTS;

export const isOperatorRole = (role: string): role is OperatorRole =>
  (OPERATOR_ROLES as readonly string[]).includes(role);

/** Refuses an operator whose role lacks the right (FORBIDDEN), before anything is read or done. */
export const assertOperatorMay = (operator: { role: string }, action: OperatorAction) => {
  if (!(OPERATOR_RIGHTS[action] as readonly string[]).includes(operator.role)) {
    throw new AppError('FORBIDDEN', `The ${operator.role} role may not do '${action}'`, {
      details: { action },
    });
  }
};
