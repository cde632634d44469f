/** Japanese: the CLI documentation page /doc-cli (namespace `docCli`). */
import type { Catalogue } from '../../catalogue';

export const docCli: Catalogue['docCli'] = {
  title: 'CLI ドキュメント',
  intro:
    '<code>peanut</code> は Peanut VPN のコマンドラインツールです。ダッシュボードと同じこと、つまり登録、サインイン、リージョンとパックの一覧表示、VPN の作成、一覧表示、ダウンロード、削除ができます。以下の手順を順番に進めてください。概念は<doc>ドキュメント</doc>で説明し、よくある疑問には<faq>よくある質問</faq>で答えています。',
  step0: {
    title: 'ステップ 0：WireGuard と CLI をインストールする',
    tools:
      '<code>wg</code> と <code>wg-quick</code> を提供する WireGuard ツールをインストールします。Debian または Ubuntu では：',
    fedora: 'Fedora では：',
    macos: 'Homebrew を使う macOS では：',
    node: 'CLI には Node.js 20 以降が必要です。ソースリポジトリ（<repo>{{url}}</repo>）からインストールすると、<code>peanut</code> コマンドがパスに追加されます：',
  },
  step1: {
    title: 'ステップ 1：登録する',
    body: 'アカウントを作成します。コマンドはパスワードを 2 回尋ねます。パスワードは 8 文字以上で、数字、小文字、大文字、記号をそれぞれ含む必要があります。CLI は送信前にこれを確認します。',
    script:
      'パスワードをコマンドライン引数にすることはありません。スクリプトでは <code>--password-stdin</code> でパイプで渡すか、<code>PEANUT_PASSWORD</code> を設定します：',
  },
  step2: {
    title: 'ステップ 2：登録を確認する',
    body: 'メールアドレスに確認コードをお送りします。そのコードで登録を確認すると、アカウントに登録特典の無料ピーナッツが付与されます。続いてサインインします。セッションはログアウトするまでプロファイルに保存されます。',
    mfa: 'アカウントで二要素認証が有効な場合（認証アプリ、またはスマートフォンに SMS で届くコード。Web アプリのアカウントページで設定します）、<code>peanut login</code> はコードを尋ねます。ターミナルでは、パスワードの後に <code>Authenticator code:</code>（または <code>SMS code</code>）というプロンプトを表示します。スクリプトで使う場合やプロンプトを省く場合は、<code>--mfa-code</code> でコードを渡します。コードが間違っているとログインは失敗するので、新しいコードでもう一度実行してください。',
    emailCode:
      'パスワードなしでサインインするには、<code>--email-code</code> がサインインコードをメールで送り、ターミナルでそれを尋ねます（二要素認証が有効なら、その後も引き続き尋ねられます）。',
  },
  step3: {
    title: 'ステップ 3：ピーナッツを購入する',
    body: 'ピーナッツのパックを一覧表示します。各パックには購入リンクがあるので、ブラウザーで開いて支払うとアカウントにチャージされます。<pricing>料金ページ</pricing>でもパックを購入できます。その後、残高を確認してください。',
  },
  step4: {
    title: 'ステップ 4：VPN を作成、一覧表示、削除する',
    regions: 'リージョンを一覧表示し、1 つ選びます。たとえば eu-west-3（パリ）です：',
    create:
      'そのリージョンに VPN を作成します。<code>--max-peanuts</code> は VPN に与えるピーナッツの数（使い切ると VPN は終了します。既定値の 0 では上限まで手持ちのピーナッツをすべて与えます）、<code>--delete-after</code> は VPN がいずれにせよ終了するまでの秒数（既定値：上限）です。省略可能な <code>--sync</code> フラグを付けると、コマンドは VPN が稼働するまで状態を表示しながら待ちます（数分かかります）。付けなければ、VPN が受け付けられた時点でコマンドは戻ります。',
    list: 'VPN を ID、リージョン、状態、使用量とともに一覧表示するか、1 つを表示します。ID は 1718031234567@eu-west-3 のような形式で、ミリ秒単位の作成時刻とリージョンからなります。',
    delete:
      '使い終わったら ID を指定して VPN を削除します。<code>--sync</code> は削除が終わるまで待ちます。削除した VPN は元に戻せません。',
  },
  step5: {
    title: 'ステップ 5：設定をダウンロードして接続する',
    download:
      'VPN が稼働したら、設定をダウンロードします。WireGuard の設定ファイルと、スマートフォンの WireGuard アプリ用の QR コードの PNG 画像を含む tar.gz アーカイブが得られます。設定には秘密鍵が含まれるため、アーカイブはあなただけが読めるようになっています。<code>--force</code> を付けない限りコマンドがファイルを上書きすることはなく、<code>--output</code> で別のファイル名を指定できます。',
    extract:
      'アーカイブを展開し、<code>wg-quick</code> でトンネルを起動します。ファイル名は意図的に短くしています。<code>wg-quick</code> はファイル名からネットワークインターフェイス名を付けますが、インターフェイス名は 15 文字までだからです。',
    check:
      '<code>sudo wg show</code> で接続を確認します。「latest handshake」が最近であれば、トンネルは機能しています。切断するには <code>sudo wg-quick down ./<name>.conf</code> を実行します。',
  },
  step6: {
    title: 'ステップ 6：ヘルプを見る',
    help: '各コマンドは、ヘルプオプションでオプションの説明と使用例を表示します：',
    json: 'どのコマンドにも <code>--json</code> を付けると、スクリプト向けにデータを JSON で標準出力に出力します。メッセージは標準エラー出力に出ます。終了コードはコマンドの結果を示します：0 成功、1 エラー（標準エラー出力に 1 行）、2 使い方の誤り、4 未サインイン（<code>peanut login</code> を実行してください）。',
  },
  commands: {
    title: 'コマンド',
    summaries: {
      register: 'アカウントを作成します。メールアドレスに確認コードが送られます',
      'confirm-registration': 'メールで届いたコードでアカウントを確認します',
      'list-peanuts-packs': '販売中のピーナッツのパックと購入リンクを一覧表示します',
      'list-regions': 'VPN を作成できるリージョンを国、都市の順に一覧表示します',
      create: 'リージョンに VPN を作成します',
      list: 'VPN を新しい順に、状態と使用量とともに一覧表示します',
      delete: 'VPN を削除します。削除した VPN は元に戻せません',
      'download-config':
        '稼働中の VPN の WireGuard 設定と QR コードを tar.gz アーカイブでダウンロードします',
      login: 'サインインします。セッションはログアウトするまでプロファイルに保存されます',
      logout: 'サインアウトします。セッションを取り消し、プロファイルから削除します',
      whoami: 'サインイン中のアカウント、プロファイル、サービスを表示します',
      balance: 'ピーナッツの残高を表示します',
      get: '1 つの VPN を状態と使用量とともに表示します',
      extend: '終了していない VPN にピーナッツや時間を追加します',
    },
  },
  options: {
    title: 'グローバルオプション',
    profile:
      '<code>--profile <name></code>：使用するユーザー設定ファイルのプロファイル（既定値：default、環境変数：<code>PEANUT_PROFILE</code>）。',
    url: '<code>--url <origin></code>：接続先のサービス（既定値：http://localhost:8080、環境変数：<code>PEANUT_URL</code>）。',
    config:
      '<code>--config <file></code>：別のユーザー設定ファイル（環境変数：<code>PEANUT_CONFIG_DIR</code>、そのフォルダー）。',
    json: '<code>--json</code>：スクリプト向けに、データだけを JSON で出力します。',
    precedence:
      'フラグは環境変数より、環境変数はプロファイルより、プロファイルは既定値より優先されます。',
  },
  configFile: {
    title: 'ユーザー設定ファイル',
    body: 'CLI は設定をユーザー設定ディレクトリーの JSON ファイルに保存します。Linux では <code>~/.config/peanut/config.json</code>、macOS では <code>~/Library/Preferences/peanut/config.json</code>、Windows では <code>%APPDATA%\\peanut\\Config\\config.json</code> です。ファイルには <code>profiles</code> マップがあり、各プロファイルはサービス、アカウント、そのセッションを示し、<code>--profile</code> で名前を指定して選びます。何も指定しなければ default という名前のプロファイルが使われます。<code>login</code> と <code>register</code> がこれを書き込みます。',
    session:
      'セッションにはトークンが含まれるため、CLI はファイルをあなただけが読めるようにします。<code>peanut logout</code> はセッションを取り消して削除します。work プロファイルを使うには：',
  },
  password: {
    title: 'パスワードのルール',
    body: 'パスワードは 8 文字以上で、数字、小文字、大文字、記号をそれぞれ 1 つ以上含む必要があります。ターミナルで <code>peanut register</code> または <code>peanut login</code> を実行すると、CLI は入力を隠してパスワードを尋ねます。それ以外の場合は、<code>--password-stdin</code> で標準入力から、または <code>PEANUT_PASSWORD</code> から読み取ります。パスワードをコマンドライン引数にすることはありません。',
  },
};
