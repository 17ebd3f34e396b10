import { lazy, Suspense, type ComponentProps } from 'react';
import { useNearView } from './useNearView';

/** The map library downloads only when the user nears a map, keeping a screen's first load light. */
const PinMap = lazy(() => import('./PinMap'));

/**
 * A small map with one pin (the form's, the record card's), drawn once it is nearly in view: until then, and while
 * its code downloads, a placeholder of the map's size holds its place, so nothing below it moves.
 */
export function NearPinMap(props: ComponentProps<typeof PinMap>) {
  const { ref, near } = useNearView<HTMLDivElement>('0px');
  const waiting = (
    <div ref={ref} className="pin-map pin-map--loading">
      Loading the map...
    </div>
  );
  if (!near) return waiting;
  return (
    <Suspense fallback={waiting}>
      <PinMap {...props} />
    </Suspense>
  );
}
