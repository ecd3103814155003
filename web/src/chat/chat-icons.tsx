/** The chat's small icons; all decorative (the text beside them says the same). */

export function ClockIcon() {
  return (
    <svg viewBox="0 0 16 16" aria-hidden="true" className="chat-icon">
      <circle cx="8" cy="8" r="6.25" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path d="M8 4.5V8l2.5 1.5" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
    </svg>
  );
}

export function CheckIcon({ double = false }: { double?: boolean }) {
  return (
    <svg viewBox="0 0 20 16" aria-hidden="true" className="chat-icon">
      <path
        d="m1.5 8.5 3.5 3.5 7-8"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
      />
      {double && (
        <path d="m8.5 12 7-8" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
      )}
    </svg>
  );
}

export function PaperclipIcon() {
  return (
    <svg viewBox="0 0 20 20" aria-hidden="true" className="chat-icon chat-icon-lg">
      <path
        d="m15.5 9.5-5.8 5.8a3.5 3.5 0 0 1-5-5l6.4-6.4a2.3 2.3 0 0 1 3.3 3.3l-6.3 6.3a1.1 1.1 0 0 1-1.6-1.6l5.6-5.6"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function FileIcon() {
  return (
    <svg viewBox="0 0 20 20" aria-hidden="true" className="chat-icon">
      <path
        d="M5 2.5h6.5l4 4v11H5z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
      <path d="M11.5 2.5v4h4" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
    </svg>
  );
}
