import { configure } from '@testing-library/react';

// findBy… and waitFor give up after 5 s rather than testing-library's 1 s: on a loaded 2-core machine a
// lazy chunk and a few renders can take longer than a second. A test that passes waits no longer.
configure({ asyncUtilTimeout: 5_000 });
