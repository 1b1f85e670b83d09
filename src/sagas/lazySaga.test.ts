import { configureStore, type Action } from '@reduxjs/toolkit'
import createSagaMiddleware, { type Saga, type Task } from 'redux-saga'
import { put, takeEvery } from 'redux-saga/effects'
import type { SagaContext } from './context'
import { lazySaga } from './lazySaga'

// The helper behind the account-action chunk: checked with a real store and saga
// middleware, a chunk whose load the test releases, and what the loaded saga records.

type Recorder = { seen: string[]; started: number; cancelled: number }

function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

/** A saga that records the pings and pongs it handles and answers each ping with a pong. */
function recordingSaga(recorder: Recorder): Saga<[]> {
  return function* () {
    recorder.started++
    try {
      yield takeEvery('ping', function* (action: Action & { payload?: number }) {
        recorder.seen.push(`ping ${action.payload}`)
        yield put({ type: 'pong', payload: action.payload })
      })
      yield takeEvery('pong', (action: Action & { payload?: number }) => {
        recorder.seen.push(`pong ${action.payload}`)
      })
    } finally {
      recorder.cancelled++
    }
  }
}

let task: Task | undefined
afterEach(() => task?.cancel())

function setup(options: { saga?: Saga<[]>; window?: Window } = {}) {
  const recorder: Recorder = { seen: [], started: 0, cancelled: 0 }
  // Each load asks for the chunk afresh, as `import()` does after a failure.
  let chunk = deferred<Saga<[]>>()
  const loads = { count: 0 }
  const context = { window: options.window } as SagaContext
  const sagaMiddleware = createSagaMiddleware({ context: { portico: context } })
  const reduced: string[] = []
  const store = configureStore({
    reducer: (state: number = 0, action: Action) => {
      reduced.push(action.type)
      return state + 1
    },
    middleware: (getDefault) => getDefault({ thunk: false }).concat(sagaMiddleware),
  })
  context.store = store
  task = sagaMiddleware.run(lazySaga, {
    triggers: ['ping'],
    load: () => {
      loads.count++
      return chunk.promise
    },
  })
  const release = async () => {
    chunk.resolve(options.saga ?? recordingSaga(recorder))
    await new Promise((resolve) => setTimeout(resolve, 0))
  }
  /** The load under way fails (offline); the next one gets a new chunk promise. */
  const failLoad = async () => {
    const failed = chunk
    chunk = deferred<Saga<[]>>()
    failed.reject(new Error('chunk failed'))
    await new Promise((resolve) => setTimeout(resolve, 0))
  }
  return { store, recorder, loads, chunk, release, failLoad, reduced, task: task! }
}

const ping = (payload: number) => ({ type: 'ping', payload })

describe('lazySaga', () => {
  it('loads nothing until a trigger is dispatched', () => {
    const t = setup()
    t.store.dispatch({ type: 'other' })
    expect(t.loads.count).toBe(0)
    t.store.dispatch(ping(1))
    expect(t.loads.count).toBe(1)
  })

  it('hands the saga every trigger dispatched while its chunk loaded, in order, and loads it once', async () => {
    const t = setup()
    t.store.dispatch(ping(1))
    t.store.dispatch(ping(2))
    t.store.dispatch(ping(3))
    await t.release()
    t.store.dispatch(ping(4))
    expect(t.loads.count).toBe(1)
    expect(t.recorder.started).toBe(1)
    expect(t.recorder.seen).toEqual(['ping 1', 'pong 1', 'ping 2', 'pong 2', 'ping 3', 'pong 3', 'ping 4', 'pong 4'])
  })

  it('applies each action to the reducers once (buffered ones are not dispatched again)', async () => {
    const t = setup()
    t.store.dispatch(ping(1))
    await t.release()
    expect(t.reduced.filter((type) => type === 'ping')).toHaveLength(1)
    expect(t.reduced.filter((type) => type === 'pong')).toHaveLength(1)
    expect(t.store.getState()).toBe(t.reduced.length)
  })

  it('cancels the loaded saga when its task is cancelled', async () => {
    const t = setup()
    t.store.dispatch(ping(1))
    await t.release()
    t.task.cancel()
    expect(t.recorder.cancelled).toBe(1)
    t.store.dispatch(ping(2))
    expect(t.recorder.seen).toEqual(['ping 1', 'pong 1'])
  })

  it('fails its task when the loaded saga fails, as a forked saga would', async () => {
    const failing: Saga<[]> = function* () {
      yield takeEvery('ping', () => {
        throw new Error('boom')
      })
    }
    // redux-saga reports the failed task on the console, as for any failed root saga.
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined)
    const t = setup({ saga: failing })
    t.store.dispatch(ping(1))
    await t.release()
    await expect(t.task.toPromise()).rejects.toThrow('boom')
    expect(logged).toHaveBeenCalled()
    logged.mockRestore()
  })

  it('a chunk that cannot load is loaded again by the next trigger, and every trigger reaches the saga once it runs', async () => {
    const t = setup()
    t.store.dispatch(ping(1))
    await t.failLoad()
    expect(t.loads.count).toBe(1)
    t.store.dispatch({ type: 'other' })
    expect(t.loads.count).toBe(1)
    t.store.dispatch(ping(2))
    expect(t.loads.count).toBe(2)
    await t.release()
    expect(t.recorder.started).toBe(1)
    expect(t.recorder.seen).toEqual(['ping 1', 'pong 1', 'ping 2', 'pong 2'])
  })

  it('a chunk that cannot load is loaded again when the browser comes back online', async () => {
    const page = new EventTarget() as unknown as Window
    const t = setup({ window: page })
    t.store.dispatch(ping(1))
    await t.failLoad()
    page.dispatchEvent(new Event('online'))
    expect(t.loads.count).toBe(2)
    await t.release()
    expect(t.recorder.seen).toEqual(['ping 1', 'pong 1'])
  })
})
