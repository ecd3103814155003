import { afterAll, afterEach } from 'vitest';
import { checkConsoleErrors, installConsoleGuard } from './console-guard';

installConsoleGuard();
afterEach(() => checkConsoleErrors('during this test'));
// Errors logged in beforeAll/afterAll (server start, shutdown) fail the file.
afterAll(() => checkConsoleErrors('in a beforeAll/afterAll hook of this file'));
