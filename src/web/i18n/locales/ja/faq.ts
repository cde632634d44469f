/** Japanese: the FAQ's About and Connection sections (namespace `faq`). */
import type { Catalogue } from '../../catalogue';

export const faq: Catalogue['faq'] = {
  title: 'よくある質問',
  intro:
    'ピーナッツの購入から、つながらないトンネルの直し方まで、Peanut VPN についての短い答えです。サービスの仕組みは<doc>ドキュメント</doc>で詳しく説明しています。',
  about: { title: '概要' },
  whatIs: {
    title: 'Peanut VPN とは何ですか？',
    body: '短期間だけ使う WireGuard VPN サーバーを貸し出すサービスです。リージョンを選んで VPN を作成し、WireGuard アプリで接続し、使い終わったら削除します。各 VPN は ssh アクセスのない専用の隔離されたサーバー上の 1 つの WireGuard インスタンスで、最後にはログとともに破棄されます。前払いのピーナッツで使った分だけ支払い、サブスクリプションはありません。',
  },
  peanuts: {
    title: 'ピーナッツとは何ですか？',
    rates:
      'ピーナッツは VPN に使う前払いクレジットです。稼働中の VPN は 1 秒あたり 0.0015 ピーナッツ（1 時間あたり 5.4 ピーナッツ）と、トラフィック 1 バイトあたり 0.0000005 ピーナッツ（1 MiB あたり約 0.52 ピーナッツ）を消費します。使わなかったピーナッツは残高に残り、ダッシュボードに表示されます。',
    packs:
      'ピーナッツはパックで販売しています：Starter（17 ピーナッツで 2.71 USD）、Pro（34 ピーナッツで 4.89 USD）、Elite（73 ピーナッツで 9.87 USD）。現在のパックは<pricing>料金ページ</pricing>をご覧ください。',
  },
  start: {
    title: 'どうやって始めればよいですか？',
    body: '<login>サインイン</login>するか、メールアドレスで登録してください。新しいアカウントには無料のピーナッツが {{count}} 個付きます。WireGuard をインストールし（<connection>接続</connection>を参照）、ダッシュボードでリージョンを選んで「作成」を押し、VPN が稼働中になるまで約 3 分待ちます。その後、設定をダウンロードするか QR コードを読み取ります。',
  },
  subscription: {
    title: 'サブスクリプションはありますか？',
    body: 'いいえ。必要なときにピーナッツのパックを買うだけで、自動更新や自動請求は一切ありません。',
  },
  runOut: {
    title: 'ピーナッツがなくなるとどうなりますか？',
    when: 'VPN は作成時にピーナッツを与えられ、次のときに終了します：',
    consumed: 'そのピーナッツを使い切ったとき',
    balance: '残高が 0 以下になったとき',
    deadline: '削除までの期限が過ぎたとき',
    deleted: 'または、あなたが削除したとき',
    after:
      '終了した VPN は破棄され、元に戻せません。<pricing>料金ページ</pricing>でピーナッツを買い足し、新しく作成してください。',
  },
  refund: {
    title: '返金してもらえますか？',
    body: '支払いと返金のポリシーに別段の定めがない限り、料金は返金できません。<terms>利用規約</terms>をご覧ください。購入で問題があった場合は<contactus>お問い合わせ</contactus>ください。',
  },
  referral: {
    title: '紹介プログラムはありますか？',
    body: 'はい。<referral>紹介ページ</referral>からコードやリンクを共有してください。友だちが初めてピーナッツを購入すると、お二人ともボーナスのピーナッツを受け取れます。<referralTerms>紹介プログラムの規約</referralTerms>をご覧ください。',
  },
  openSource: {
    title: 'Peanut VPN はオープンソースですか？',
    body: 'はい、Apache License 2.0 のもとで公開しています。Web アプリ、コマンドラインツール、SDK、バックエンドのすべてです。参加するには<contribute>貢献する</contribute>をご覧ください。',
  },
  connection: { title: '接続' },
  install: {
    title: 'WireGuard はどうやってインストールしますか？',
    linux:
      'Linux：WireGuard ツールをインストールします。たとえば Debian と Ubuntu では <code>sudo apt install wireguard-tools</code>、Fedora では <code>sudo dnf install wireguard-tools</code> です。',
    macos:
      'macOS：Mac App Store から WireGuard アプリをインストールするか、コマンドライン用に <code>brew install wireguard-tools</code> を実行します。',
    windows:
      'Windows：<wireguard>wireguard.com/install</wireguard> からインストーラーをダウンロードして実行します。',
    android: 'Android：Google Play から WireGuard アプリをインストールします。',
    ios: 'iOS と iPadOS：App Store から WireGuard アプリをインストールします。',
  },
  configFile: {
    title: '設定ファイルで接続するには？',
    body: 'VPN が稼働中になったら、その行の「設定」を押して .conf ファイルをダウンロードします。Windows または macOS の WireGuard アプリで「ファイルからトンネルをインポート」を選び、ファイルを選択して「有効化」を押します。Linux では：',
    privateKey:
      'このファイルにはトンネルの秘密鍵が含まれています。他人に渡さず、VPN を削除したらファイルも削除してください。',
  },
  qrCode: {
    title: 'QR コードで接続するには？',
    body: '稼働中の VPN の行で「QR コード」を押すと、ウィンドウにコードが表示されます。スマートフォンの WireGuard アプリで + をタップし、「QR コードをスキャン」を選んで読み取り、トンネルに名前を付けてオンにします。何も開かない場合は、このサイトのポップアップを許可してください。',
  },
  ready: {
    title: 'VPN の準備にはどれくらいかかりますか？',
    body: '約 3 分です。VPN が作成中、作成済み、準備中と進む間はリストにスピナーが表示され、稼働中になるとダウンロードボタンが現れます。',
  },
  disconnect: {
    title: '切断するには？',
    body: 'WireGuard アプリでトンネルをオフにするか、<code>sudo wg-quick down ./<name>.conf</code> を実行します。切断しても VPN のピーナッツ消費は止まりません。不要になったらダッシュボードから削除してください。',
  },
  devices: {
    title: '1 つの VPN を複数のデバイスで使えますか？',
    body: '同時には使えません。VPN のクライアント設定は 1 つだけで、WireGuard は最後に使ったデバイスにトラフィックを送るため、2 台のデバイスが互いに接続を切り合ってしまいます。デバイスごとに VPN を 1 つ作成してください。',
  },
};
