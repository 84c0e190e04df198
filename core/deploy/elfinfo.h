#pragma once
// What a node must offer to run an ELF executable: its machine (e_machine ->
// the name `uname -m` prints) and the newest GLIBC_x.y symbol version it
// references.
//
// Read here in C++ from the ELF file itself (program header-free: the section
// headers, .gnu.version_r and its string table) rather than computed at build
// time with objdump: the app checks the binary it is really about to upload
// (an installed engine, a developer's build, another architecture's build),
// needs no binutils at run time, and tests can feed it synthetic files.

#include <QString>
#include <QStringList>

#include <optional>

namespace halolink {

struct GlibcVersion {
    int major = 0;
    int minor = 0;
    int patch = 0;

    static std::optional<GlibcVersion> parse(const QString &text); // "2.34", "GLIBC_2.3.4"
    QString toString() const;
    friend auto operator<=>(const GlibcVersion &, const GlibcVersion &) = default;
};

struct ElfInfo {
    int elfClass = 0; // 1: 32-bit, 2: 64-bit
    bool littleEndian = true;
    int machine = 0; // e_machine
    bool dynamic = false; // has .gnu.version_r (needs a dynamic C library)
    std::optional<GlibcVersion> minGlibc; // highest GLIBC_x.y referenced; nullopt: none

    // nullopt with *error set when the file is not a readable ELF file.
    static std::optional<ElfInfo> read(const QString &path, QString *error);

    // `uname -m` names this machine may run as ("x86_64"; "aarch64" ...).
    QStringList unameNames() const;
    QString machineName() const; // a readable name, e.g. "x86_64", "aarch64", "EM 243"
};

} // namespace halolink
