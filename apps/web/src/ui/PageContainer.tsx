import { useEffect, type ReactNode } from 'react';
import { Card, Flex, Typography } from 'antd';

export interface PageContainerProps {
  title: ReactNode;
  /** Actions at the right of the title (buttons, switches). */
  extra?: ReactNode;
  /** The browser tab's title; defaults to `title` when it is text. */
  documentTitle?: string;
  children?: ReactNode;
}

/** The frame of a screen: its title with optional actions, then the content in a card. */
export function PageContainer({ title, extra, documentTitle, children }: PageContainerProps) {
  const tabTitle = documentTitle ?? (typeof title === 'string' ? title : undefined);
  useEffect(() => {
    if (tabTitle) document.title = `${tabTitle} · LIS`;
  }, [tabTitle]);
  return (
    <Flex vertical gap={16} style={{ minWidth: 0 }}>
      <Flex align="center" justify="space-between" gap={12} wrap>
        <Typography.Title level={4} style={{ margin: 0, minWidth: 0 }} ellipsis>
          {title}
        </Typography.Title>
        {extra ? (
          <Flex gap={8} wrap align="center">
            {extra}
          </Flex>
        ) : null}
      </Flex>
      <Card styles={{ body: { overflowX: 'auto' } }}>{children}</Card>
    </Flex>
  );
}
