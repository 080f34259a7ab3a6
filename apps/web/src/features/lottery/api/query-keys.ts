/** Query keys of the lottery lobby, so that what the live stream and the slip refresh is what was loaded. */
export const lotteryKeys = {
  rules: (gameCode: string | undefined) => ['lottery', 'rules', gameCode] as const,
  results: (gameCode: string | undefined) => ['lottery', 'results', gameCode] as const,
  /** Every page of the member's bets, on every game. */
  allMyBets: ['lottery', 'my-bets'] as const,
  myBets: (token: string | null, gameCode: string | undefined, pageNo: number) =>
    ['lottery', 'my-bets', token, gameCode, pageNo] as const,
  popular: (gameCode: string | undefined) => ['lottery', 'popular', gameCode] as const,
  vnNumbers: (gameCode: string | undefined) => ['lottery', 'vn-numbers', gameCode] as const,
};
