import { Component, lazy, type ComponentType, type ReactNode } from 'react'
import { messageRecord } from '../../errors/record'
import { ErrorState } from '../components/StatusMessage'
import { translate } from '../translate'
import { useStrings } from '../useStrings'

/** A view's chunk that did not arrive (offline, a dropped connection): the only error the boundary below keeps. */
export class ViewChunkLoadError extends Error {
  override name = 'ViewChunkLoadError'
}

type FailedProps = { onRetry: () => void }

/** What a view whose chunk failed shows: the network's sentence and Try again. */
function ViewChunkFailed({ onRetry }: FailedProps) {
  const t = useStrings()
  return <ErrorState message={translate(t, messageRecord('errors.networkDidNotAnswer'))} onRetry={onRetry} />
}

type BoundaryProps = { children: ReactNode; failed: ComponentType<FailedProps>; onRetry: () => void }

/**
 * Catches a chunk that failed to load and offers it again: on Try again, and by itself on
 * the browser's next `online`. Any other error goes on up, as it would without it.
 */
class ViewChunkBoundary extends Component<BoundaryProps, { error: ViewChunkLoadError | undefined }> {
  override state: { error: ViewChunkLoadError | undefined } = { error: undefined }

  static getDerivedStateFromError(error: unknown) {
    return { error }
  }

  private readonly retry = () => {
    this.props.onRetry()
    this.setState({ error: undefined })
  }

  /** While a chunk has failed, the browser's next `online` retries it (once: a listener added twice is one). */
  private listenForOnline() {
    if (this.state.error instanceof ViewChunkLoadError && typeof window !== 'undefined') window.addEventListener('online', this.retry, { once: true })
  }

  override componentDidMount() {
    this.listenForOnline()
  }

  override componentDidUpdate() {
    this.listenForOnline()
  }

  override componentWillUnmount() {
    if (typeof window !== 'undefined') window.removeEventListener('online', this.retry)
  }

  override render() {
    const { error } = this.state
    if (error === undefined) return this.props.children
    // Not a chunk that failed: this boundary has nothing to offer for it.
    if (!(error instanceof ViewChunkLoadError)) throw error
    const Failed = this.props.failed
    return <Failed onRetry={this.retry} />
  }
}

/**
 * A view in a chunk of its own, fetched when first shown (issue 33). `React.lazy` keeps a
 * failed load for good, so a view that failed offline would stay broken until a reload:
 * here a failure shows Try again, and a retry (or `online`) makes a new lazy component,
 * which loads the chunk again.
 *
 * @example
 * const SendView = lazyView(() => import('./SendView').then((m) => m.SendView))
 */
export function lazyView<P extends object>(load: () => Promise<ComponentType<P>>, failed: ComponentType<FailedProps> = ViewChunkFailed): ComponentType<P> {
  const make = () =>
    lazy(() =>
      load().then(
        (View) => ({ default: View }),
        (cause: unknown) => {
          throw new ViewChunkLoadError('A view of the modal could not be loaded', { cause })
        },
      ),
    )
  let Current = make()
  // Reads the lazy component at render time, so a retry's new one is the one rendered.
  const Loaded = (props: P) => <Current {...props} />
  return function LazyView(props: P) {
    return (
      <ViewChunkBoundary failed={failed} onRetry={() => (Current = make())}>
        <Loaded {...props} />
      </ViewChunkBoundary>
    )
  }
}
