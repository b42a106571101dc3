/**
 * Spec §9: on devices without touch, mouse events act as touch events, so swipe and
 * touch-only handlers of the component library work with a mouse too.
 */
export function isTouchDevice(target: Window = window): boolean {
  return 'ontouchstart' in target || target.navigator.maxTouchPoints > 0;
}

const MAP = { mousedown: 'touchstart', mousemove: 'touchmove', mouseup: 'touchend' } as const;

export function startTouchEmulation(target: Window & typeof globalThis = window): () => void {
  const { Touch: TouchCtor, TouchEvent: TouchEventCtor } = target;
  // Desktop Safari and Firefox have no Touch constructor: nothing to emulate with.
  if (isTouchDevice(target) || typeof TouchCtor !== 'function' || typeof TouchEventCtor !== 'function')
    return () => undefined;
  let pressed = false;
  const onMouse = (event: MouseEvent) => {
    if (event.type === 'mousedown') pressed = true;
    if (event.type === 'mousemove' && !pressed) return;
    if (event.type === 'mouseup') pressed = false;
    const element = event.target instanceof Element ? event.target : target.document.body;
    const touch = new TouchCtor({
      identifier: 1,
      target: element,
      clientX: event.clientX,
      clientY: event.clientY,
      pageX: event.pageX,
      pageY: event.pageY,
      screenX: event.screenX,
      screenY: event.screenY,
    });
    const active = event.type === 'mouseup' ? [] : [touch];
    element.dispatchEvent(
      new TouchEventCtor(MAP[event.type as keyof typeof MAP], {
        bubbles: true,
        cancelable: true,
        touches: active,
        targetTouches: active,
        changedTouches: [touch],
      }),
    );
  };
  for (const type of Object.keys(MAP)) target.document.addEventListener(type, onMouse as EventListener, true);
  return () => {
    for (const type of Object.keys(MAP))
      target.document.removeEventListener(type, onMouse as EventListener, true);
  };
}
