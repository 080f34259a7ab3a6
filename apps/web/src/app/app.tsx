import { ErrorBoundary } from '../components/error-boundary';
import { BootError } from '../features/system/components/boot-screen';
import { Boot } from './boot';
import { isChunkLoadError } from './chunk-load';
import { AppProviders } from './providers';

export function App() {
  return (
    <AppProviders>
      <ErrorBoundary fallback={(error) => <AppCrash error={error} />}>
        <Boot />
      </ErrorBoundary>
    </AppProviders>
  );
}

/** Last resort: a failed app chunk or a render error. A reload is the only retry that helps. */
function AppCrash({ error }: { error: unknown }) {
  return (
    <BootError
      code={isChunkLoadError(error) ? 'TIMEOUT' : 'UNKNOWN'}
      onRetry={() => window.location.reload()}
      isRetrying={false}
    />
  );
}
