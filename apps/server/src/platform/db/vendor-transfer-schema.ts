import type { Generated } from 'kysely';

/** Vendor wallet APIs and transfers (migration 2026-11-21T1800-vendor-transfers). */
export type VendorTransferTables = {
  vendor_wallet_api: {
    merchant_id: number;
    vendor_code: string;
    base_url: string;
    timeout_ms: number;
    created_at: string;
  };
  vendor_transfer: {
    id: Generated<number>;
    merchant_id: number;
    member_id: number;
    vendor_code: string;
    direction: 'IN' | 'OUT';
    amount: number;
    reference: string;
    status: 'PENDING' | 'DONE' | 'FAILED';
    attempts: Generated<number>;
    created_at: string;
    resolved_at: string | null;
  };
};
