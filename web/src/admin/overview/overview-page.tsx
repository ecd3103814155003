// SCAFFOLD: replaced by the real page in this change.
export default function ScaffoldPage() {
  return null;
}
