import { lazy, Suspense, useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { SYSTEM_STATUS } from '@jade/contracts/constants';
import type { StatusResponse, WhitelabelResponse } from '@jade/contracts/system';
import { isApiRequestError } from '../api/client';
import { useStatus } from '../features/system/api/get-status';
import { useWhitelabel } from '../features/system/api/get-whitelabel';
import { BootError, BootLoading } from '../features/system/components/boot-screen';
import { MaintenancePage } from '../features/system/components/maintenance-page';
import { RestrictionPage } from '../features/system/components/restriction-page';
import { storeMerchantCode } from '../features/system/merchant-storage';
import { useLanguageCode } from '../config/brand';
import { gameMenusQueryOptions } from '../features/games/api/get-game-menus';
import { hotGamesQueryOptions } from '../features/games/api/get-hot-games';
import { prefetchCategoryPage } from '../features/games/category-routes';
import { BrandProvider } from './brand-provider';
import { ContractPromptGate } from '../features/agents/components/contract-prompt-gate';
import { withChunkTimeout } from './chunk-load';
import { isLoggedIn, useSession } from '../lib/session';

// The router and shell are only needed in the normal state. Their chunk starts loading now, alongside
// the boot calls, so it is usually ready by the time the status arrives.
const loadAppRouter = withChunkTimeout(import('./router'));
// Marks the rejection handled when the app never needs the router; lazy() below still sees it.
loadAppRouter.catch(() => undefined);
const AppRouter = lazy(() => loadAppRouter.then((module) => ({ default: module.AppRouter })));
// The member's stream is a chunk of its own: a visitor never loads it (issue 9's 150 KB for /index).
const MemberEvents = lazy(() =>
  import('./member-events').then((module) => ({ default: module.MemberEvents })),
);

/** §4 start-up: brand and system status in parallel, merchant code stored, then the state of §2 chosen. */
export function Boot() {
  const whitelabel = useWhitelabel(window.location.host);
  const status = useStatus();

  const merchantCode = status.data?.merchantCode ?? whitelabel.data?.merchant.code;
  useEffect(() => {
    if (merchantCode) storeMerchantCode(merchantCode);
  }, [merchantCode]);

  const failed = whitelabel.isError ? whitelabel : status.isError ? status : undefined;
  if (failed) {
    const retry = () => {
      void whitelabel.refetch();
      void status.refetch();
    };
    return (
      <BootError
        code={isApiRequestError(failed.error) ? failed.error.code : 'UNKNOWN'}
        onRetry={retry}
        isRetrying={whitelabel.isFetching || status.isFetching}
      />
    );
  }
  if (!whitelabel.data || !status.data) return <BootLoading />;

  return (
    <BrandProvider whitelabel={whitelabel.data}>
      <SystemState status={status.data} whitelabel={whitelabel.data} />
    </BrandProvider>
  );
}

/** The maintenance and restriction pages replace the whole app, whatever the route. */
function SystemState({ status, whitelabel }: { status: StatusResponse; whitelabel: WhitelabelResponse }) {
  switch (status.systemStatus) {
    case SYSTEM_STATUS.MAINTENANCE:
      return <MaintenancePage message={status.maintenanceMessage || whitelabel.maintenance.message} />;
    case SYSTEM_STATUS.REGION_RESTRICTED:
      return <RestrictionPage location={status.location} />;
    case SYSTEM_STATUS.NORMAL:
      return (
        <>
          {/* Outside the boundary: its effect runs while the router's chunk is still loading. */}
          <PrefetchFrame merchantCode={whitelabel.merchant.code} />
          {/* One live stream for the whole app while a member is logged in (decision 0036). */}
          <MemberStream />
          <ContractPromptGate />
          <Suspense fallback={<BootLoading />}>
            <AppRouter />
          </Suspense>
        </>
      );
  }
}

/** The stream renders nothing until a win to announce, so nothing shows while its chunk loads. */
function MemberStream() {
  const session = useSession();
  if (!isLoggedIn(session)) return null;
  return (
    <Suspense fallback={null}>
      <MemberEvents />
    </Suspense>
  );
}

/**
 * The frame's data (category menus: header, footer, home shortcuts; the home page's hot games) is
 * asked for while the router's chunk still loads, so the first page renders complete instead of
 * growing as each call answers (no layout shift, an earlier largest paint).
 */
function PrefetchFrame({ merchantCode }: { merchantCode: string }) {
  const queryClient = useQueryClient();
  const language = useLanguageCode();
  useEffect(() => {
    void queryClient.prefetchQuery(gameMenusQueryOptions(language));
    void queryClient.prefetchQuery(hotGamesQueryOptions(merchantCode, language));
    void prefetchCategoryPage(queryClient, language, window.location);
  }, [queryClient, language, merchantCode]);
  return null;
}
