/** Spanish: the contribute and make-money pages (namespaces `contribute`, `makeMoney`). */
import type { Catalogue } from '../../catalogue';

export const contribute: Catalogue['contribute'] = {
  title: 'Contribuir',
  intro:
    'Peanut VPN es de código abierto y mejora con cada informe de error, idea y pull request. Así puedes participar.',
  sections: {
    report: {
      title: 'Informar de problemas',
      body: '¿Has encontrado un error, una página confusa o una función que falta? Abre una incidencia en el <tracker>gestor de incidencias</tracker>. Lee primero las <issue>pautas para incidencias</issue>: explican qué incluir para que podamos reproducir el problema.',
    },
    welcome: {
      title: 'Dónde se agradece la ayuda',
      body: 'Todas las partes del producto están abiertas a contribuciones.',
    },
    web: {
      title: 'Frontend web',
      body: 'La aplicación de una sola página: React, Ant Design, Redux Toolkit y redux-saga. La accesibilidad, el diseño para móviles, las traducciones y unas páginas más claras son buenas primeras contribuciones.',
    },
    cli: {
      title: 'CLI',
      body: 'La herramienta de línea de comandos <code>peanut</code>: nuevos comandos, mejor ayuda y ejemplos, autocompletado en la shell, paquetes para más plataformas. Consulta la <cli>documentación de la CLI</cli> para ver lo que hace hoy.',
    },
    library: {
      title: 'Biblioteca',
      body: 'El SDK de TypeScript y el código de dominio compartido: llamadas a la API, reintentos, espera de estados de los VPN, validación y aritmética de cacahuetes. También son bienvenidas las bibliotecas para otros lenguajes.',
    },
    backend: {
      title: 'Backend',
      body: 'El servidor de la API, el proveedor de identidad, la facturación y la medición, y los aprovisionadores que crean y destruyen servidores WireGuard. Los aprovisionadores para más proveedores de nube son el mayor trabajo pendiente.',
    },
    code: {
      title: 'Obtener el código',
      body: 'La apertura del código del proyecto estaba prevista para 2024, y el código fuente ya es público bajo la Licencia Apache 2.0 en <repository>{{repositoryUrl}}</repository>. Para ejecutar las pruebas e iniciar una instancia local en http://localhost:8080:',
      after:
        'Las correcciones pequeñas pueden ir directamente a un pull request; para cambios mayores, abre antes una incidencia para que acordemos el enfoque.',
    },
  },
};

export const makeMoney: Catalogue['makeMoney'] = {
  title: 'Ganar dinero',
  intro:
    'Peanut VPN se puede autoalojar: puedes usarlo para ofrecer tu propio servicio de alquiler de VPN y quedarte con lo que pagan tus clientes.',
  sections: {
    run: {
      title: 'Ofrece tu propio servicio',
      body: 'Todo lo que hace funcionar Peanut VPN es de código abierto bajo la Licencia Apache 2.0, que permite el uso comercial siempre que conserves su licencia y sus avisos. Puedes ofrecer el mismo servicio con tu propio nombre, en tus propias regiones y a tus propios precios.',
      body2:
        'Empieza con una sola máquina: desde una copia del <repository>código fuente</repository>, este comando inicia la aplicación web, la API, el proveedor de identidad y servidores VPN simulados en http://localhost:8080.',
    },
    production: {
      title: 'Pasar a producción',
      items: {
        database:
          'Apunta <code>DATABASE_URL</code> a una base de datos PostgreSQL en lugar de la integrada.',
        stripe:
          'Conecta una cuenta de Stripe para los pagos y define <code>STRIPE_WEBHOOK_SECRET</code>; después configura tus propios paquetes de cacahuetes y precios.',
        identity: 'Usa el proveedor de identidad integrado o un grupo de usuarios de AWS Cognito.',
        servers:
          'Sustituye el aprovisionador simulado por servidores WireGuard reales y, a medida que crezcas, ejecuta varios procesos de API y de trabajo sobre la misma base de datos.',
      },
    },
    help: {
      title: 'Obtener ayuda',
      body: '¿Estás montando un servicio, eligiendo regiones o fijando precios? <contact>Contáctanos</contact>: estaremos encantados de ayudarte a empezar.',
    },
  },
};
