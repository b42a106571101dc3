import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';

/** The smallest real React app: state, an event handler, a render. The size and score yardstick. */
function Hello() {
  const [count, setCount] = useState(0);
  return (
    <main>
      <h1>안녕하세요</h1>
      <button type="button" onClick={() => setCount(count + 1)}>
        눌린 횟수 {count}
      </button>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Hello />
  </StrictMode>,
);
