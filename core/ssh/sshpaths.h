#pragma once
// Where the person's SSH files are: one answer for everything HaloLink does
// with them (the ssh config import, the connection's libssh options, tilde
// expansion of IdentityFile and of paths typed into the node dialog).
//
// The home folder is the account's passwd entry (pw_dir), with $HOME only
// when there is no passwd entry, because that is what both programs that read
// these files on HaloLink's behalf do:
//  - OpenSSH's ssh (openssh-portable ssh.c, process_config_files(): the user
//    config is snprintf("%s/%s", pw->pw_dir, _PATH_SSH_USER_CONFFILE), pw from
//    getpwuid(getuid()); "~" in the config is expanded with tilde_expand(),
//    which also takes pw_dir). It ignores $HOME. It is the program a
//    ProxyJump runs (libssh 0.10 turns ProxyJump into "ssh -W ...") and the
//    one the person compares with in a terminal.
//  - libssh 0.10 (src/misc.c, ssh_get_user_home_dir(): getpwuid_r(getuid())
//    -> pw_dir; getenv("HOME") only when getpwuid_r fails), used by
//    ssh_path_expand_tilde() and so by the default SSH_OPTIONS_SSH_DIR
//    ("~/.ssh") and the "%d/config" that ssh_options_parse_config(NULL) reads.
// QDir::homePath() ($HOME) differs from pw_dir under sudo -E, in some
// sandboxes and in test shells: the import read one file and the connection
// another (issue 18). Nothing here reads $HOME when a passwd entry exists.
//
// Overrides (tests, or a separate ssh config for the cluster):
//   HALOLINK_SSH_DIR     the SSH folder (default keys, relative Includes, and
//                        its "config" when HALOLINK_SSH_CONFIG is not set)
//   HALOLINK_SSH_CONFIG  the ssh config file

#include <QString>

namespace halolink {

// The account's home folder: passwd's pw_dir, else $HOME.
QString sshUserHome();
// $HALOLINK_SSH_DIR, else sshUserHome() + "/.ssh".
QString sshFolder();
// $HALOLINK_SSH_CONFIG, else sshFolder() + "/config".
QString sshUserConfigFile();
// "~" and "~/..." expanded with sshUserHome(), as ssh expands them.
QString expandSshTilde(const QString &path);
// The local account's name (passwd's pw_name), the user libssh 0.10 connects
// as when neither the config nor the person named one (options.c,
// SSH_OPTIONS_USER with NULL -> ssh_get_local_username()).
QString sshLocalUserName();

} // namespace halolink
