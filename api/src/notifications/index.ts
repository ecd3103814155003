/** The notifications feature's public module: Web Push to tuners and admins (docs/decisions/038-web-push.md). */

export type { ResolveHost } from './endpoint-address';
export { chatMessageEvent, type NotificationEvent, newTicketEvent, type PushMessage } from './messages';
export { notificationRoutes } from './routes';
export { createNotifier, type Notifier, pushQueue, type QueuePushOptions } from './send';
export { generateVapidKeys, vapidKeysFor } from './vapid-keys';
