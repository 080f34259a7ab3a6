import { lazy, Suspense } from 'react';
import { withLateStrings } from '../../../i18n/i18n';
import { isAgentAccount, useSession } from '../../../lib/session';

// The prompt and its schemas are a chunk of their own, loaded only for a logged-in agent, with the
// language's late part (its strings are there).
const ContractPrompt = lazy(() => withLateStrings(import('./contract-prompt')));

/** Mounted once for the whole app: an agent with a contract offer waiting is asked after login. */
export function ContractPromptGate() {
  const session = useSession();
  if (!isAgentAccount(session)) return null;
  return (
    <Suspense fallback={null}>
      <ContractPrompt />
    </Suspense>
  );
}
