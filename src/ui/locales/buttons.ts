import type { ButtonStrings } from '../buttonStrings'

/**
 * The dapp buttons' labels in every shipped language but English (which is
 * `buttonStrings`). They are on the page before anyone clicks, so they sit in the first
 * load with the buttons — a few dozen short strings — while each language's full modal
 * catalogue loads only when that language is chosen (`loadCatalogue`).
 */
export const localeButtonStrings = {
  es: {
    connectWallet: 'Conectar billetera',
    connectingButton: 'Conectando…',
    reconnectingButton: 'Reconectando…',
    selectNetwork: 'Elegir red',
    unsupportedNetwork: 'Red no compatible',
    accountButtonLabel: 'Cuenta {account}',
    networkButtonLabel: 'Red: {network}',
  },
  fr: {
    connectWallet: 'Connecter un portefeuille',
    connectingButton: 'Connexion…',
    reconnectingButton: 'Reconnexion…',
    selectNetwork: 'Choisir un réseau',
    unsupportedNetwork: 'Réseau non pris en charge',
    accountButtonLabel: 'Compte {account}',
    networkButtonLabel: 'Réseau : {network}',
  },
  de: {
    connectWallet: 'Wallet verbinden',
    connectingButton: 'Verbinde…',
    reconnectingButton: 'Verbinde erneut…',
    selectNetwork: 'Netzwerk wählen',
    unsupportedNetwork: 'Netzwerk nicht unterstützt',
    accountButtonLabel: 'Konto {account}',
    networkButtonLabel: 'Netzwerk: {network}',
  },
  pt: {
    connectWallet: 'Conectar carteira',
    connectingButton: 'Conectando…',
    reconnectingButton: 'Reconectando…',
    selectNetwork: 'Escolher rede',
    unsupportedNetwork: 'Rede não suportada',
    accountButtonLabel: 'Conta {account}',
    networkButtonLabel: 'Rede: {network}',
  },
  it: {
    connectWallet: 'Collega wallet',
    connectingButton: 'Connessione…',
    reconnectingButton: 'Riconnessione…',
    selectNetwork: 'Scegli rete',
    unsupportedNetwork: 'Rete non supportata',
    accountButtonLabel: 'Account {account}',
    networkButtonLabel: 'Rete: {network}',
  },
  ja: {
    connectWallet: 'ウォレットを接続',
    connectingButton: '接続中…',
    reconnectingButton: '再接続中…',
    selectNetwork: 'ネットワークを選択',
    unsupportedNetwork: '未対応のネットワーク',
    accountButtonLabel: 'アカウント {account}',
    networkButtonLabel: 'ネットワーク: {network}',
  },
  ko: {
    connectWallet: '지갑 연결',
    connectingButton: '연결 중…',
    reconnectingButton: '다시 연결 중…',
    selectNetwork: '네트워크 선택',
    unsupportedNetwork: '지원되지 않는 네트워크',
    accountButtonLabel: '계정 {account}',
    networkButtonLabel: '네트워크: {network}',
  },
  'zh-CN': {
    connectWallet: '连接钱包',
    connectingButton: '正在连接…',
    reconnectingButton: '正在重新连接…',
    selectNetwork: '选择网络',
    unsupportedNetwork: '不支持的网络',
    accountButtonLabel: '账户 {account}',
    networkButtonLabel: '网络：{network}',
  },
  ru: {
    connectWallet: 'Подключить кошелёк',
    connectingButton: 'Подключение…',
    reconnectingButton: 'Переподключение…',
    selectNetwork: 'Выбрать сеть',
    unsupportedNetwork: 'Сеть не поддерживается',
    accountButtonLabel: 'Аккаунт {account}',
    networkButtonLabel: 'Сеть: {network}',
  },
  tr: {
    connectWallet: 'Cüzdan bağla',
    connectingButton: 'Bağlanıyor…',
    reconnectingButton: 'Yeniden bağlanıyor…',
    selectNetwork: 'Ağ seç',
    unsupportedNetwork: 'Desteklenmeyen ağ',
    accountButtonLabel: 'Hesap {account}',
    networkButtonLabel: 'Ağ: {network}',
  },
  ar: {
    connectWallet: 'ربط المحفظة',
    connectingButton: 'جارٍ الربط…',
    reconnectingButton: 'جارٍ إعادة الربط…',
    selectNetwork: 'اختر الشبكة',
    unsupportedNetwork: 'شبكة غير مدعومة',
    accountButtonLabel: 'الحساب {account}',
    networkButtonLabel: 'الشبكة: {network}',
  },
} as const satisfies Record<string, ButtonStrings>
