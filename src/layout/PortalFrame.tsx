/**
 * react-admin's <Layout> (ra-ui-materialui/dist/layout/Layout.js, 5.15), written out with the
 * portal's header, sidebar and menu in place of react-admin's defaults. Same elements, classes
 * (`RaLayout-*`), theme name and error and loading behaviour; what it leaves out is code the
 * portal never shows: <Layout> imports react-admin's own app bar, user menu, language and theme
 * buttons, menu (with its keyboard shortcuts library) and the preferences inspector, so all of
 * them were part of the signed-in first load although the portal replaces or never opens them.
 */
import { styled, useThemeProps } from '@mui/material/styles';
import {
  Component,
  Suspense,
  useState,
  type ComponentType,
  type ErrorInfo,
  type ReactNode,
} from 'react';
import {
  SkipNavigationButton,
  useDefaultTitle,
  useResetErrorBoundaryOnLocationChange,
  type ErrorProps,
  type LayoutProps,
} from 'react-admin';

import { PageLoading } from '../components/PageLoading';
import { MountWhenIdle } from '../components/MountWhenIdle';
import { useScreenReadyOnceMoved } from '../components/useScreenReady';

interface PortalFrameProps {
  appBar: ComponentType<{ alwaysOn?: boolean }>;
  menu: ComponentType;
  sidebar: ComponentType<{ appBarAlwaysOn?: boolean; children: ReactNode }>;
  error: ComponentType<ErrorProps>;
  appBarAlwaysOn?: boolean;
  className?: string;
  sx?: LayoutProps['sx'];
  children: ReactNode;
}

export function PortalFrame(inProps: PortalFrameProps) {
  const props = useThemeProps({ props: inProps, name: PREFIX });
  const {
    appBar: AppBar,
    appBarAlwaysOn,
    children,
    className,
    error: ErrorPage,
    menu: Menu,
    sidebar: Sidebar,
    ...rest
  } = props;
  const [errorInfo, setErrorInfo] = useState<ErrorInfo>();
  useScreenReadyOnceMoved();
  return (
    <Core className={className ? `layout ${className}` : 'layout'} {...rest}>
      <SkipNavigationButton />
      <div className={LayoutClasses.appFrame}>
        {/* The header and the menu are a third of the frame's first render (issue 21). */}
        <MountWhenIdle>
          <AppBar alwaysOn={appBarAlwaysOn} />
        </MountWhenIdle>
        <main className={LayoutClasses.contentWithSidebar}>
          <Sidebar appBarAlwaysOn={appBarAlwaysOn}>
            <MountWhenIdle>
              <Menu />
            </MountWhenIdle>
          </Sidebar>
          <div id="main-content" className={LayoutClasses.content}>
            <PageErrorBoundary
              onError={setErrorInfo}
              fallback={(error, reset) => (
                <PageError
                  error={error}
                  errorInfo={errorInfo}
                  resetErrorBoundary={reset}
                  errorPage={ErrorPage}
                />
              )}
            >
              <Suspense fallback={<PageLoading />}>{children}</Suspense>
            </PageErrorBoundary>
          </div>
        </main>
      </div>
    </Core>
  );
}

/** react-admin's <Error> given an error component: that component, reset when the page changes. */
function PageError({
  error,
  errorInfo,
  resetErrorBoundary,
  errorPage: ErrorPage,
}: {
  error: Error;
  errorInfo?: ErrorInfo;
  resetErrorBoundary: () => void;
  errorPage: ComponentType<ErrorProps>;
}) {
  const title = useDefaultTitle();
  useResetErrorBoundaryOnLocationChange(resetErrorBoundary);
  return <ErrorPage error={error} errorInfo={errorInfo} title={title} />;
}

interface PageErrorBoundaryProps {
  onError: (info: ErrorInfo) => void;
  fallback: (error: Error, reset: () => void) => ReactNode;
  children: ReactNode;
}

/** What react-error-boundary's <ErrorBoundary fallbackRender onError> does for <Layout>. */
type PageErrorBoundaryState = { failed: false } | { failed: true; error: Error };

class PageErrorBoundary extends Component<PageErrorBoundaryProps, PageErrorBoundaryState> {
  state: PageErrorBoundaryState = { failed: false };

  static getDerivedStateFromError(error: Error): PageErrorBoundaryState {
    return { failed: true, error };
  }

  componentDidCatch(_error: Error, info: ErrorInfo) {
    this.props.onError(info);
  }

  reset = () => this.setState({ failed: false });

  render() {
    return this.state.failed
      ? this.props.fallback(this.state.error, this.reset)
      : this.props.children;
  }
}

const PREFIX = 'RaLayout';

/** react-admin's `LayoutClasses`, kept here so that nothing imports its <Layout> module. */
const LayoutClasses = {
  appFrame: `${PREFIX}-appFrame`,
  contentWithSidebar: `${PREFIX}-contentWithSidebar`,
  content: `${PREFIX}-content`,
};

const Core = styled('div', {
  name: PREFIX,
  overridesResolver: (_props, styles) => styles.root,
})(({ theme }) => ({
  display: 'flex',
  flexDirection: 'column',
  zIndex: 1,
  minHeight: '100vh',
  backgroundColor: (theme.vars || theme).palette.background.default,
  position: 'relative',
  minWidth: 'fit-content',
  width: '100%',
  [`& .${LayoutClasses.appFrame}`]: {
    display: 'flex',
    flexDirection: 'column',
    flexGrow: 1,
    marginTop: theme.spacing(6),
    [theme.breakpoints.down('sm')]: {
      marginTop: theme.spacing(7),
    },
  },
  [`& .${LayoutClasses.contentWithSidebar}`]: {
    display: 'flex',
    flexGrow: 1,
    transition: theme.transitions.create('margin', {
      easing: theme.transitions.easing.easeOut,
      duration: theme.transitions.duration.enteringScreen,
    }),
  },
  [`& .${LayoutClasses.content}`]: {
    backgroundColor: (theme.vars || theme).palette.background.default,
    zIndex: 2,
    display: 'flex',
    flexDirection: 'column',
    flexGrow: 1,
    flexBasis: 0,
    padding: 0,
    [theme.breakpoints.up('xs')]: {
      paddingRight: theme.spacing(1),
      paddingLeft: theme.spacing(1),
    },
  },
}));
