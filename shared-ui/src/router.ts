/**
 * The router, through the shared-ui singleton: one router instance for the shell and every
 * portal, and only the parts of react-router the platform uses in the first load.
 */
export {
  BrowserRouter,
  Link,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  StaticRouter,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router-dom';
