import { Trans } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { ChatFrame } from './chat-frame';
import type { ChatPanelProps } from './chat-panel';

/** yjs, y-websocket and y-indexeddb load with the panel, only on ticket pages. */
const Panel = lazy(() => import('./chat-panel'));

export function ChatPanel(props: ChatPanelProps) {
  return (
    <Suspense
      fallback={
        <ChatFrame variant={props.variant}>
          <p className="chat-loading muted" aria-busy="true">
            <Trans>Loading chat...</Trans>
          </p>
        </ChatFrame>
      }
    >
      <Panel {...props} />
    </Suspense>
  );
}
