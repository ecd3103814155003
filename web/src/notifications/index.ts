/** The notifications feature's public module: Web Push on this device and the person's choices. */
export { NotificationsSection } from './notifications-section';
export { forgetPushOnThisDevice } from './push-device';
