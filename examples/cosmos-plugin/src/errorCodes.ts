// The codes this plugin's errors carry, added to Portico's closed `PorticoErrorCode`
// union, so a dapp that installs the plugin can switch on them exhaustively.
declare module 'portico' {
  interface PluginErrorCodes {
    'cosmos/unknown-network': true
    'cosmos/unreachable': true
    'cosmos/unauthorized': true
    'cosmos/refused': true
    'cosmos/bad-key': true
    'cosmos/token': true
    'cosmos/wrong-signer': true
  }
}

export {}
