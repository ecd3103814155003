/** The chat's Yjs side (doc-runtime.ts), loaded once, at its first use. */
let loading: Promise<typeof import('./doc-runtime')> | undefined;

export function docRuntime(): Promise<typeof import('./doc-runtime')> {
  loading ??= import('./doc-runtime');
  return loading;
}
