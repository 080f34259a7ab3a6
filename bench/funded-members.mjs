// Benchmark set-up shared by bench/ledger.mjs and bench/ledger-http.mjs: members of the demo brand
// written straight into the database, each with a main wallet funded from the house cash account.

/** `count` members; answers their ids and main-wallet account ids. */
export const createFundedMembers = async (db, ledger, merchantId, count, amount = 1_000_000_000) => {
  const cash = await ledger.houseAccount(db, merchantId, 'CASH');
  const now = new Date().toISOString();
  const members = [];
  for (let i = 0; i < count; i++) {
    const { id } = await db
      .insertInto('member')
      .values({
        merchant_id: merchantId,
        username: `bench${i}`,
        username_key: `bench${i}`,
        password_hash: 'x',
        referral_code: `B${i}`,
        register_method: 'BENCH',
        register_ip: '127.0.0.1',
        password_changed_at: now,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const main = await ledger.memberAccount(db, merchantId, id, 'MAIN');
    await ledger.postTransfer(db, {
      merchantId,
      idempotencyKey: `fund-${i}`,
      kind: 'DEPOSIT',
      debitAccountId: cash,
      creditAccountId: main,
      amount,
    });
    members.push({ id, main });
  }
  return members;
};
