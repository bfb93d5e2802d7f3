import type { Ref, RefCallback } from 'react';

/** One ref callback that sets every given ref (objects and callbacks) to the same node. */
export function mergeRefs<T>(...refs: readonly (Ref<T> | undefined)[]): RefCallback<T> {
  return (node) => {
    for (const ref of refs) {
      if (typeof ref === 'function') ref(node);
      else if (ref) ref.current = node;
    }
  };
}
