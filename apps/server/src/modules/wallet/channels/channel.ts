import type { PaymentChannel } from '@jade/contracts/payments';

/**
 * A deposit channel behind one interface: the payment service creates the deposit row, asks the
 * channel what the member must do, and for a gateway hands it the gateway's signed callbacks. A
 * channel never touches the database or the ledger; the service does, in its own transactions.
 */
export type ChannelAdapter = {
  kind: PaymentChannel['kind'];
  /** What the member sees before depositing; never a secret. */
  receivingAccount: PaymentChannel['receivingAccount'];
  /**
   * Called once the deposit row exists (PENDING) and outside any transaction: it may call the
   * network. Throws PAYMENT_GATEWAY_UNAVAILABLE when the order could not be placed.
   */
  startDeposit: (order: DepositOrder, now: Date) => Promise<DepositStart>;
  /**
   * Checks a callback's signature and freshness and reads it. Throws GATEWAY_SIGNATURE_INVALID,
   * GATEWAY_CALLBACK_STALE or PAYMENT_CALLBACK_MISMATCH; a channel without callbacks refuses.
   */
  readCallback: (callback: GatewayCallback, now: Date) => CallbackOutcome;
};

/** Our deposit as a channel sees it. */
export type DepositOrder = {
  depositId: number;
  amount: number;
  currency: string;
  /** Where a gateway reports the outcome: the brand's POST /wps/payment/callback/:channelCode. */
  notifyUrl: string;
  /** Where a gateway's payment page sends the member back to. */
  returnUrl: string;
};

/** What the member must do next. */
export type DepositStart =
  /** Manual bank transfer: send the money to the receiving account; an operator checks it. */
  | { status: 'PENDING' }
  /** Gateway: pay on the gateway's page; its callback settles the deposit. */
  | { status: 'AWAITING_PAYMENT'; gatewayOrderId: string; payUrl: string };

/** A callback as it arrived: headers and the raw body, since the signature covers the exact bytes. */
export type GatewayCallback = {
  headers: Record<string, string | string[] | undefined>;
  rawBody: Buffer;
};

export type CallbackOutcome = {
  /** Our deposit id, as we sent it in the order. */
  depositId: number;
  gatewayOrderId: string;
  amount: number;
  currency: string;
  status: 'PAID' | 'FAILED';
};
