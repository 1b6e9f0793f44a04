/**
 * The stylesheet entry (scripts/site-assets.mjs bundles this module's CSS into assets/site.css): every
 * component a page can render, imported for its CSS modules. The bundle's JavaScript is discarded; this file
 * is never imported at run time.
 */
import '../../../components/session/SessionView'
import '../../../components/layout/SessionPage'
import '../../../components/layout/Transcript'
import '../../../components/index/SessionIndex'
import '../../../components/trajectory/TrajectoryPage'
