import { LotteryLobby } from './lottery-page';

/** §2 lazy group vnlottery: the Vietnamese lottery vendor's lobby (§9 TCG_LOTTO_VN). */
export const VnLotteryPage = () => <LotteryLobby vassalage="TCG_LOTTO_VN" titleKey="lottery.vnTitle" />;
