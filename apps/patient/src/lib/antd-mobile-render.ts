import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import { createRoot, type Root } from 'react-dom/client';

/**
 * antd-mobile 5 renders Dialog/Toast/Modal through ReactDOM.render, which React 19 removed;
 * without this (its "v5-for-19" guide) those overlays silently render nothing.
 */
export function installAntdMobileRender(): void {
  unstableSetRender((node, container) => {
    const host = container as (Element | DocumentFragment) & { _reactRoot?: Root };
    host._reactRoot ??= createRoot(host);
    host._reactRoot.render(node);
    return async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      host._reactRoot?.unmount();
      delete host._reactRoot;
    };
  });
}
