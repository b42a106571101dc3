/** Mobile browsers' 100vh includes hidden toolbars; the real height lives in `--app-height` (spec §9). */
export function startAppHeight(target: Window = window): () => void {
  const update = () =>
    target.document.documentElement.style.setProperty('--app-height', `${target.innerHeight}px`);
  update();
  target.addEventListener('resize', update);
  target.addEventListener('orientationchange', update);
  return () => {
    target.removeEventListener('resize', update);
    target.removeEventListener('orientationchange', update);
  };
}
