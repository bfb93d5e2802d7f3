/** The views of the booking flow (`/choose/{currentView?}`), in order. */
export const FLOW_VIEWS = ['passengers', 'contact', 'extras', 'summary'] as const;
export type FlowView = (typeof FLOW_VIEWS)[number];

export function isFlowView(text: string): text is FlowView {
  return (FLOW_VIEWS as readonly string[]).includes(text);
}

/** The views of a trip: extras only when a chosen fare sells them. */
export function flowViews(withExtras: boolean): FlowView[] {
  return FLOW_VIEWS.filter((view) => view !== 'extras' || withExtras);
}

/** The view after `view`, or null after the last. */
export function nextView(views: readonly FlowView[], view: FlowView): FlowView | null {
  return views[views.indexOf(view) + 1] ?? null;
}

export function previousView(views: readonly FlowView[], view: FlowView): FlowView | null {
  const index = views.indexOf(view);
  return index > 0 ? (views[index - 1] ?? null) : null;
}
