// The features' outbox handlers (how a command is prepared and how its answer lands). Loaded
// with the signed-in layout and with the sync loop, before any command is sent or replayed;
// the sign-in page does without them (docs/decisions/031-first-visit.md).
import '../profile/sync';
import '../tickets/submitting/ticket-outbox';
