import { InstallPrompt } from './install-prompt';
import { UpdatePrompt } from './update-prompt';

/**
 * The shell's offers that the first screen does without, in their own chunk: installing the
 * app and the service worker's new version (docs/decisions/031-first-visit.md).
 */
export default function ShellExtras() {
  return (
    <>
      <UpdatePrompt />
      <InstallPrompt />
    </>
  );
}
