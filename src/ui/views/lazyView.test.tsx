import { act, fireEvent, render, screen } from '@testing-library/react'
import { Component, Suspense, type ComponentType, type ReactNode } from 'react'
import { lazyView } from './lazyView'

const Failed = ({ onRetry }: { onRetry: () => void }) => (
  <button type="button" onClick={onRetry}>
    Try again
  </button>
)
const Hello = ({ name }: { name: string }) => <p>Hello {name}</p>

/** A load that fails `failures` times (offline), then gives the view. */
function flakyLoad(failures: number) {
  let calls = 0
  const load = jest.fn(async () => {
    calls += 1
    if (calls <= failures) throw new TypeError('Failed to fetch dynamically imported module')
    return Hello
  })
  return load
}

async function renderLazy(View: ComponentType<{ name: string }>) {
  await act(async () => {
    render(
      <Suspense fallback={<p>Loading</p>}>
        <View name="Ada" />
      </Suspense>,
    )
  })
}

describe('lazyView: a view chunk that failed to load is offered again (issue 33)', () => {
  // React reports every error a boundary catches on console.error; these are expected.
  let consoleError: jest.SpyInstance
  beforeEach(() => (consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined)))
  afterEach(() => consoleError.mockRestore())

  it('shows the view once its chunk loads', async () => {
    const View = lazyView(flakyLoad(0), Failed)
    await renderLazy(View)
    expect(screen.getByText('Hello Ada')).toBeTruthy()
  })

  it('a failed chunk shows Try again, and Try again loads the chunk again and shows the view', async () => {
    const load = flakyLoad(1)
    const View = lazyView(load, Failed)
    await renderLazy(View)
    expect(screen.queryByText('Hello Ada')).toBeNull()
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })))
    expect(screen.getByText('Hello Ada')).toBeTruthy()
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('the browser coming back online loads the chunk again with no click', async () => {
    const load = flakyLoad(1)
    const View = lazyView(load, Failed)
    await renderLazy(View)
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy()
    await act(async () => {
      window.dispatchEvent(new Event('online'))
    })
    expect(screen.getByText('Hello Ada')).toBeTruthy()
  })

  it('a chunk still failing on retry shows Try again again, and the next retry can still succeed', async () => {
    const load = flakyLoad(2)
    const View = lazyView(load, Failed)
    await renderLazy(View)
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })))
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy()
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })))
    expect(screen.getByText('Hello Ada')).toBeTruthy()
    expect(load).toHaveBeenCalledTimes(3)
  })

  it('an error of the view itself is not taken for a failed chunk: it goes on to the boundary above', async () => {
    const Broken = () => {
      throw new Error('the view broke')
    }
    const View = lazyView(async () => Broken, Failed)
    class Outer extends Component<{ children: ReactNode }, { error?: Error }> {
      override state: { error?: Error } = {}
      static getDerivedStateFromError(error: Error) {
        return { error }
      }
      override render() {
        return this.state.error ? <p>outer caught: {this.state.error.message}</p> : this.props.children
      }
    }
    await act(async () => {
      render(
        <Outer>
          <Suspense fallback={<p>Loading</p>}>
            <View />
          </Suspense>
        </Outer>,
      )
    })
    expect(screen.getByText('outer caught: the view broke')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull()
  })
})
