import { Button, ConfigProvider, Typography } from 'antd';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

// The first-load baseline: a blank Vite + React + antd page (a heading and a button), built and served as
// the portal's web app is.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ConfigProvider>
      <Typography.Title>Blank page</Typography.Title>
      <Button type="primary">OK</Button>
    </ConfigProvider>
  </StrictMode>,
);
