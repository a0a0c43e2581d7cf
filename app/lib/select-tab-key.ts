// antd's Select takes Tab, while its list is open, as "choose the highlighted option" and keeps focus. In a
// multiple select the list stays open after a choice, so every Tab toggles that option again and focus never
// leaves the field: keyboard users are caught and change the value without meaning to. Tab must move on:
// this stops the key before the select sees it (the browser still moves focus, and the list closes as the
// field loses it). Enter still chooses; Escape still closes the list.

const OPEN_MULTIPLE_SELECT = '.ant-select-multiple.ant-select-open';

export function tabLeavesOpenMultipleSelect(event: KeyboardEvent): void {
  if (event.key !== 'Tab') return;
  const target = event.target;
  if (target instanceof Element && target.closest(OPEN_MULTIPLE_SELECT)) event.stopPropagation();
}

/** Listens on the document in the capture phase, ahead of React's listeners on the app's root. */
export function installSelectTabKey(doc: Document = document): () => void {
  doc.addEventListener('keydown', tabLeavesOpenMultipleSelect, true);
  return () => doc.removeEventListener('keydown', tabLeavesOpenMultipleSelect, true);
}
